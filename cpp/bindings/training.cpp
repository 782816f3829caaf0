// The training lab (Lesson 6; web/schema/training.js, cpp/engine/training/trainer.h). Trainers live in a handle
// table inside the module, so no Embind class handle crosses into JavaScript: createTrainer answers the trainer's
// info with its integer id, and trainerStep, trainerEvaluate, trainerAttention and trainerDelete take that id.
// web/engine.js wraps the id in an object whose delete() frees the trainer; every answer is a copy.
#include <emscripten/heap.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>

#include "api/trainer_config.h"
#include "api/trainer_json.h"
#include "common.h"
#include "kernels/kernels.h"

namespace asl::bindings {
namespace {

namespace tr = asl::training;

constexpr double kMaxTrainerWorkspace = 67108864.0;  // floats of activations per trainer (256 MiB)
constexpr std::size_t kMaxTrainers = 16;

std::map<int, std::unique_ptr<tr::Trainer>>& trainer_table() {
  static std::map<int, std::unique_ptr<tr::Trainer>> table;
  return table;
}
int next_trainer_id = 1;

tr::Trainer* find_trainer(int id) {
  const auto it = trainer_table().find(id);
  return it == trainer_table().end() ? nullptr : it->second.get();
}
val not_live(int id) {
  return problem("id = " + std::to_string(id) + " is not a live trainer: it was deleted or never created");
}

// cpp/api's JSON of a trainer's answer (trainer_json.h, trainer_config.h), as a JavaScript value.
val parsed(const std::string& json) { return val::global("JSON").call<val>("parse", json); }

val shape(int rows, int cols) {
  val s = val::array();
  s.set(0, rows);
  s.set(1, cols);
  return s;
}

// The configuration as run (the shared writer of cpp/api/trainer_config.h, defaults filled in, β as it starts),
// the architecture and its parameter count.
val trainer_info(int id, const tr::Trainer& t) {
  tr::TrainerConfig c = t.config();
  c.beta = t.beta();
  if (c.beta_lr == 0.0) c.beta_lr = c.lr;
  c.batch_size = std::min(c.batch_size, c.train_size);
  c.probe_epochs = t.probe_epochs();
  val r = parsed(api::trainer_config_json(c, api::kExactNumbers));
  r.set("id", id);
  r.set("stepsPerEpoch", t.steps_per_epoch());
  r.set("totalSteps", static_cast<double>(t.total_steps()));
  r.set("parameterCount", static_cast<double>(t.parameters().size()));
  r.set("modelParameterCount", static_cast<double>(t.model_parameter_count()));
  val layers = val::array();
  const auto layout = tr::parameter_layout(c.model);
  for (std::size_t i = 0; i < layout.size(); ++i) {
    val layer = val::object();
    layer.set("name", layout[i].name);
    layer.set("shape", shape(layout[i].rows, layout[i].cols));
    layer.set("count", static_cast<double>(layout[i].size()));
    layers.set(i, layer);
  }
  r.set("betaReach", parsed(api::beta_reach_json(t.config(), api::kExactNumbers)));
  if (c.beta_strategy == tr::BetaStrategy::learned) {
    val layer = val::object();
    layer.set("name", std::string("attn.log_beta"));
    layer.set("shape", shape(1, 1));
    layer.set("count", 1);
    layers.set(layout.size(), layer);
  }
  r.set("parameters", layers);
  r.set("memoryBytes", std::round(tr::trainer_memory_bytes(c)));
  r.set("kernels", std::string(kernel_set()));
  return r;
}

constexpr double kMiB = 1048576.0;
// What stays free beside a new trainer: the arena web/engine.js keeps, the stack, the other calls' scratch space.
constexpr double kHeadroom = 32.0 * kMiB;

std::string mib(double bytes) { return std::to_string(static_cast<long long>(std::ceil(bytes / kMiB))); }

// "" when a trainer for c fits in what the WebAssembly heap can still give (its maximum, less what is in use and a
// headroom), else the message. A block of the whole estimate is tried too, so a heap too fragmented for it is
// refused as well: an allocation that fails half-way through building a trainer would abort the module.
std::string memory_problem(const tr::TrainerConfig& c) {
  const double need = tr::trainer_memory_bytes(c);
  const double limit = static_cast<double>(emscripten_get_heap_max());
  const double room = std::max(0.0, limit - static_cast<double>(mallinfo().uordblks) - kHeadroom);
  if (need <= room) {
    if (void* block = std::malloc(static_cast<std::size_t>(need))) {
      std::free(block);
      return "";
    }
  }
  const tr::ModelConfig& m = c.model;
  const std::size_t alive = trainer_table().size();
  return "this configuration needs about " + mib(need) + " MiB (L = " + std::to_string(m.L) + ", R = " +
         std::to_string(m.R) + ", dModel = " + std::to_string(m.d_model) + ", heads = " + std::to_string(m.n_heads) +
         ", batchSize = " + std::to_string(c.batch_size) + ", trainSize + valSize + testSize = " +
         std::to_string(c.train_size + c.val_size + c.test_size) + "), more than the " + mib(room) + " MiB left of the " +
         mib(limit) + " MiB WebAssembly memory limit" +
         (alive ? " with " + std::to_string(alive) + (alive == 1 ? " trainer" : " trainers") +
                      " alive: delete() one, or use smaller sizes"
                : ": use smaller sizes");
}

val create_trainer(std::uintptr_t address) {
  const tr::TrainerConfig c = api::read_trainer_config(slots_at(address));
  const std::string problem_text = tr::check_config(c, kMaxTrainerWorkspace);
  if (!problem_text.empty()) return problem(problem_text);
  if (trainer_table().size() >= kMaxTrainers)
    return problem(std::to_string(kMaxTrainers) + " trainers are alive: delete() one before creating another");
  const std::string memory = memory_problem(c);
  if (!memory.empty()) return problem(memory);
  // Built first, registered after: the table only ever holds whole trainers.
  auto trainer = std::make_unique<tr::Trainer>(c);
  const tr::Trainer& built = *trainer;
  const int id = next_trainer_id++;
  trainer_table().emplace(id, std::move(trainer));
  return trainer_info(id, built);
}

// What createTrainer would answer for these options (id 0), from a trainer that builds no data and no network: it
// checks the configuration, not the memory a run needs (the run's own createTrainer does that).
// describeTrainer's options are createTrainer's own list (web/schema/training.js; schema::describe_trainer uses
// create_trainer's slots), so read_trainer_config reads both.
val describe_trainer(std::uintptr_t address) {
  const tr::TrainerConfig c = api::read_trainer_config(slots_at(address));
  const std::string problem_text = tr::check_config(c, kMaxTrainerWorkspace);
  if (!problem_text.empty()) return problem(problem_text);
  const tr::Trainer description(c, tr::Trainer::DescriptionOnly{});
  return trainer_info(0, description);
}

val trainer_step(int id, std::uintptr_t address) {
  tr::Trainer* t = find_trainer(id);
  if (!t) return not_live(id);
  const int steps = slots_at(address).integer(schema::trainer_step::steps);
  std::vector<float> losses, betas, entropies, max_logits;
  for (auto* v : {&losses, &betas, &entropies, &max_logits}) v->reserve(static_cast<std::size_t>(steps));
  const double start = now_ms();
  const tr::StepResult s = t->step(steps, &losses, &betas, &entropies, &max_logits);
  const double compute_ms = now_ms() - start;
  val r = val::object();
  r.set("stepsRun", s.steps_run);
  // null when no step ran (steps = 0, or the run was over): there is no loss to report, and never a silent NaN
  r.set("loss", s.steps_run ? val(s.loss) : val::null());
  r.set("meanLoss", s.steps_run ? val(s.mean_loss) : val::null());
  r.set("losses", f32(losses.data(), losses.size()));
  r.set("betas", f32(betas.data(), betas.size()));
  // Each step's attention entropy (mean over its batch's rows, nats) and largest |logit|; the last step's alone; and
  // QK-norm's g per head after the last step (null for the other strategies).
  r.set("entropies", f32(entropies.data(), entropies.size()));
  r.set("maxLogits", f32(max_logits.data(), max_logits.size()));
  r.set("attentionEntropy", s.steps_run ? val(s.attention_entropy) : val::null());
  r.set("maxLogit", s.steps_run ? val(s.max_abs_logit) : val::null());
  const std::vector<float> qk_scale(s.qk_scale.begin(), s.qk_scale.end());
  r.set("qkScale", qk_scale.empty() ? val::null() : f32(qk_scale.data(), qk_scale.size()));
  r.set("step", static_cast<double>(s.step));
  r.set("totalSteps", static_cast<double>(s.total_steps));
  r.set("runStep", static_cast<double>(s.run_step));
  r.set("runSteps", static_cast<double>(s.run_steps));
  r.set("epoch", s.epoch);
  r.set("epochs", t->config().epochs);
  r.set("beta", s.beta);
  r.set("lr", s.lr);
  r.set("betaLr", t->config().beta_strategy == tr::BetaStrategy::learned ? val(s.beta_lr) : val::null());
  r.set("gradNorm", s.grad_norm);
  r.set("phase", std::string(tr::phase_name(s.phase)));
  r.set("done", t->phase() == tr::Phase::done);
  r.set("probe", s.probe);
  r.set("probeCount", s.probe_count);
  r.set("search", parsed(api::search_json(*t, api::kExactNumbers)));
  r.set("computeMs", compute_ms);
  return r;
}

val trainer_evaluate(int id, std::uintptr_t address) {
  tr::Trainer* t = find_trainer(id);
  if (!t) return not_live(id);
  namespace te = schema::trainer_evaluate;
  const int split = slots_at(address).choice(te::split);
  const tr::Split s = split == te::split_choice::val ? tr::Split::val
                      : split == te::split_choice::train ? tr::Split::train : tr::Split::test;
  const double start = now_ms();
  val r = parsed(api::evaluation_json(t->evaluate(s), api::kExactNumbers));
  r.set("split", std::string(te::split_choice::names[split]));
  r.set("step", static_cast<double>(t->steps_done()));
  r.set("beta", t->beta());
  r.set("computeMs", now_ms() - start);
  return r;
}

val trainer_attention(int id, std::uintptr_t address) {
  tr::Trainer* t = find_trainer(id);
  if (!t) return not_live(id);
  const int index = slots_at(address).integer(schema::trainer_attention::index);
  std::vector<float> weights;
  std::vector<tr::Token> predicted;
  t->attention_for(index, weights, predicted);
  const int L = t->config().model.L;
  const tr::Token* in = t->data().val.inputs.data() + static_cast<std::size_t>(index) * L;
  const tr::Token* target = t->data().val.targets.data() + static_cast<std::size_t>(index) * L;
  val r = val::object();
  r.set("index", index);
  r.set("heads", t->config().model.n_heads);
  r.set("L", L);
  r.set("weights", f32(weights.data(), weights.size()));
  r.set("inputs", i32(std::vector<int>(in, in + L)));
  r.set("targets", i32(std::vector<int>(target, target + L)));
  r.set("predicted", i32(std::vector<int>(predicted.begin(), predicted.end())));
  r.set("beta", t->beta());
  r.set("step", static_cast<double>(t->steps_done()));
  return r;
}

// Frees the trainer; answers true (false when there was none).
bool trainer_delete(int id) { return trainer_table().erase(id) == 1; }

// Live trainers: web/engine.js reports it in resources().
int trainer_count() { return static_cast<int>(trainer_table().size()); }

}  // namespace
}  // namespace asl::bindings

EMSCRIPTEN_BINDINGS(asl_training) {
  using namespace asl::bindings;
  emscripten::function("createTrainer", &create_trainer);
  emscripten::function("describeTrainer", &describe_trainer);
  emscripten::function("trainerStep", &trainer_step);
  emscripten::function("trainerEvaluate", &trainer_evaluate);
  emscripten::function("trainerAttention", &trainer_attention);
  emscripten::function("trainerDelete", &trainer_delete);
  emscripten::function("trainerCount", &trainer_count);
}
