// The training commands' flags and one run of a trainer (see run.h).
#include "run.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "api/trainer_config.h"
#include "flags.h"
#include "json.h"

namespace asl::cli {
namespace {

using namespace asl::training;

constexpr double kCliWorkspaceFloats = 268435456.0;  // 1 GiB of activations natively (the page allows 64 Mi floats)

const char* const kUsage =
    "usage: attention-lab train  [options] [--json FILE|-] [--csv FILE] [--steps N] [--evalEvery N] [--noTest] [--quiet]\n"
    "       attention-lab table1 [options] [--rows all|1,2,…] [--seeds 3]\n"
    "                            [--strategies inverse-sqrt-dk,search,paper,dynamic,learned] [--evalEvery N]\n"
    "                            [--json FILE] [--csv FILE]\n"
    "       attention-lab dump   [options] [--steps 5] [--json FILE|-]";

const std::vector<OwnFlag>& own_flags() {
  static const std::vector<OwnFlag> flags = {
      {"json", "FILE", "write the JSON there (\"-\": standard output; train and dump)"},
      {"csv", "FILE", "also write a CSV (train: the loss curve; table1: one line a run)"},
      {"steps", "N", "train: stop after N steps; dump: dump N steps (1 … 1000, default 5)"},
      {"evalEvery", "N", "evaluate validation every N steps of the main run (default: each epoch)"},
      {"noTest", nullptr, "train: skip the final test-set evaluation"},
      {"quiet", nullptr, "no progress on standard error"},
      {"rows", "LIST", "table1: \"all\" or printed rows of web/data/table1.json, e.g. 1,3"},
      {"seeds", "N", "table1: seeds per row and strategy, 1 … 100 (default 3)"},
      {"strategies", "LIST", "table1: of inverse-sqrt-dk, search, paper (the row's own β), dynamic, learned; "
                             "lr-sweep: of inverse-sqrt-dk, fixed-5, learned, qk-norm, qk-layernorm"},
      {"threads", "N", "native only: threads for each batch's two shards, 0 = one per core (results do not change)"},
  };
  return flags;
}

}  // namespace

bool TrainingRun::has(const char* name) const {
  for (const std::string& g : given)
    if (g == name) return true;
  return false;
}

std::string training_help() { return help_text(kUsage, schema::create_trainer::function, {}, own_flags()); }

bool parse_long(const std::string& s, long* out) {
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0') return false;
  *out = v;
  return true;
}

bool read_training_flags(int argc, char** argv, TrainingRun* run) {
  Parsed p = parse_flags(schema::create_trainer::function, {}, own_flags(), argc, argv);
  const auto integer = [&p](const char* name, long* out) {
    const std::string* v = p.flag(name);
    if (v && p.error.empty() && !parse_long(*v, out)) p.error = std::string(name) + " = " + *v + " is not an integer";
  };
  long steps = -1, eval_every = 0, seeds = 3, threads = 0;
  integer("steps", &steps);
  integer("evalEvery", &eval_every);
  integer("seeds", &seeds);
  integer("threads", &threads);
  if (p.error.empty() && (threads < 0 || threads > 64)) p.error = "threads = " + std::to_string(threads) + " is out of range: allowed an integer from 0 to 64";
  if (!p.error.empty()) {
    std::fprintf(stderr, "attention-lab: %s\n%s\n", p.error.c_str(), kUsage);
    return false;
  }
  run->config = api::read_trainer_config(p.options());
  run->config.threads = static_cast<int>(threads);
  run->given = p.given;
  run->command_line = p.command_line;
  run->max_steps = steps;
  if (p.flag("steps")) run->dump_steps = static_cast<int>(steps);
  run->eval_every = static_cast<int>(eval_every);
  run->seeds = static_cast<int>(seeds);
  if (const std::string* v = p.flag("json")) run->json_path = *v;
  if (const std::string* v = p.flag("csv")) run->csv_path = *v;
  if (const std::string* v = p.flag("rows")) run->rows = *v;
  if (const std::string* v = p.flag("strategies")) run->strategies = *v;
  run->seeds_given = p.flag("seeds") != nullptr;
  run->strategies_given = p.flag("strategies") != nullptr;
  run->quiet = p.flag("quiet") != nullptr;
  run->test = p.flag("noTest") == nullptr;
  return true;
}

bool check(const TrainerConfig& c) {
  const std::string e = check_config(c, kCliWorkspaceFloats);
  if (!e.empty()) std::fprintf(stderr, "attention-lab: %s\n", e.c_str());
  return e.empty();
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

RunOutput run_trainer(Trainer& t, const TrainingRun& f, bool progress, const std::string& label) {
  RunOutput out;
  std::vector<float> losses, betas;
  const auto t0 = Clock::now();
  const std::clock_t cpu0 = std::clock();
  auto last_print = t0;
  double eval_time = 0.0;
  bool first_eval = true;
  const auto evaluation = [&](long step, long run_step, int epoch, double beta) {
    const auto e0 = Clock::now();
    const Evaluation v = t.evaluate(Split::val);
    eval_time += seconds_since(e0);
    out.evaluations += std::string(first_eval ? "" : ",") + "{\"step\":" + std::to_string(step) +
                       ",\"runStep\":" + std::to_string(run_step) + ",\"epoch\":" + std::to_string(epoch) +
                       ",\"beta\":" + jnum(beta) + ",\"val\":" + jeval(v) + "}";
    first_eval = false;
  };
  // With --evalEvery, the curve starts where the run does: the untrained model.
  if (f.eval_every > 0 && t.phase() == Phase::train && t.steps_done() == 0) evaluation(0, 0, 0, t.beta());
  while (t.phase() != Phase::done && (f.max_steps < 0 || t.steps_done() < f.max_steps)) {
    losses.clear();
    betas.clear();
    const Phase phase = t.phase();
    const int probe = phase == Phase::search ? static_cast<int>(t.search().probes.size()) : -1;
    const StepResult r = t.step(1, &losses, &betas);
    out.curve.push_back({r.step, phase, probe, r.epoch, r.run_step, losses[0], betas[0], r.lr, r.grad_norm,
                         r.attention_entropy, r.max_abs_logit});
    const bool main_run = phase == Phase::train;
    const bool at_eval = f.eval_every > 0 ? r.run_step % f.eval_every == 0 || r.run_step == r.run_steps
                                          : r.run_step % t.steps_per_epoch() == 0;
    if (main_run && at_eval) evaluation(r.step, r.run_step, r.epoch, r.beta);
    if (progress && (seconds_since(last_print) > 0.5 || t.phase() == Phase::done)) {
      last_print = Clock::now();
      const double elapsed = seconds_since(t0) - eval_time;
      const double rate = static_cast<double>(r.step) / std::max(elapsed, 1e-9);
      std::string where = phase == Phase::search
                              ? "search probe " + std::to_string(probe + 1) + "/" + std::to_string(r.probe_count)
                              : "train";
      std::fprintf(stderr,
                   "\r%s[%s] step %ld/%ld  epoch %d  loss %.4f  beta %.4g  lr %.2e  %.1f steps/s  eta %.0f s   ",
                   label.c_str(), where.c_str(), r.step, r.total_steps, r.epoch, r.loss, r.beta, r.lr, rate,
                   static_cast<double>(r.total_steps - r.step) / std::max(rate, 1e-9));
      std::fflush(stderr);
    }
  }
  if (progress) std::fprintf(stderr, "\n");
  out.evaluations += "]";
  out.train_seconds = seconds_since(t0) - eval_time;
  out.cpu_seconds = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  out.steps = t.steps_done();
  const auto e0 = Clock::now();
  out.val = t.evaluate(Split::val);
  if (f.test) out.test = t.evaluate(Split::test);
  out.eval_seconds = eval_time + seconds_since(e0);
  return out;
}

}  // namespace asl::cli
