// The training commands' shared parts: flags, JSON, and run_trainer (see train_common.h).
#include "train_common.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <type_traits>

#include "engine/training/model.h"

namespace asl::cli::training_cli {
namespace {

constexpr double kCliWorkspaceFloats = 268435456.0;  // 1 GiB of activations natively (the page allows 64 Mi floats)

std::string camel(std::string name) {  // "train-size" → "trainSize"
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '-' && i + 1 < name.size()) out += static_cast<char>(std::toupper(name[++i]));
    else out += name[i];
  }
  return out;
}

bool parse_real(const std::string& s, double* out) {
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end != '\0') return false;
  *out = v;
  return true;
}

}  // namespace

// ---- JSON --------------------------------------------------------------------------------------------------------
std::string jnum(double x) {
  if (!std::isfinite(x)) return "null";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", x);
  return buf;
}
std::string jstr(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) out += ' ';
    else out += c;
  }
  return out + "\"";
}
std::string jeval(const Evaluation& e) {
  return "{\"tokenAccuracy\":" + jnum(e.token_accuracy) + ",\"sequenceAccuracy\":" + jnum(e.sequence_accuracy) +
         ",\"loss\":" + jnum(e.loss) + ",\"count\":" + std::to_string(e.count) + "}";
}
std::string jconfig(const TrainerConfig& c) {
  const ModelConfig& m = c.model;
  return std::string("{\"model\":") + jstr(model_name(m.kind)) + ",\"L\":" + std::to_string(m.L) +
         ",\"R\":" + std::to_string(m.R) + ",\"trainSize\":" + std::to_string(c.train_size) +
         ",\"valSize\":" + std::to_string(c.val_size) + ",\"testSize\":" + std::to_string(c.test_size) +
         ",\"dModel\":" + std::to_string(m.d_model) + ",\"heads\":" + std::to_string(m.n_heads) +
         ",\"dK\":" + std::to_string(m.d_k()) + ",\"betaStrategy\":" + jstr(beta_strategy_name(c.beta_strategy)) +
         ",\"beta\":" + (c.beta != 0.0 ? jnum(c.beta) : "null") + ",\"lr\":" + jnum(c.lr) +
         ",\"betaLr\":" + (c.beta_lr != 0.0 ? jnum(c.beta_lr) : "null") +
         ",\"batchSize\":" + std::to_string(c.batch_size) + ",\"epochs\":" + std::to_string(c.epochs) +
         ",\"warmupSteps\":" + std::to_string(c.warmup_steps) + ",\"clipNorm\":" + jnum(c.clip_norm) +
         ",\"seed\":" + std::to_string(c.seed) + ",\"searchPowers\":" + std::to_string(c.search_powers) +
         ",\"searchIterations\":" + std::to_string(c.search_iterations) +
         ",\"probeEpochs\":" + std::to_string(c.probe_epochs) + "}";
}
std::string jsearch(const Trainer& t) {
  if (t.config().beta_strategy != BetaStrategy::search) return "null";
  const SearchState& s = t.search();
  std::string probes = "[";
  for (std::size_t i = 0; i < s.probes.size(); ++i) {
    const SearchProbe& p = s.probes[i];
    probes += std::string(i ? "," : "") + "{\"beta\":" + jnum(p.beta) + ",\"log10Beta\":" + jnum(p.log10_beta) +
              ",\"stage\":" + std::to_string(p.stage) + ",\"val\":" + jeval(p.val) + "}";
  }
  return "{\"finished\":" + std::string(s.finished ? "true" : "false") + ",\"beta\":" + jnum(s.beta()) +
         ",\"bracket\":[" + jnum(s.lo()) + "," + jnum(s.hi()) + "],\"probes\":" + probes + "]}";
}
std::string jreach(const TrainerConfig& c) {
  if (c.beta_strategy != BetaStrategy::learned) return "null";
  const LearnedBetaReach r = learned_beta_reach(c);
  return "{\"initialBeta\":" + jnum(r.initial_beta) + ",\"lrSum\":" + jnum(r.lr_sum) + ",\"ceiling\":" +
         jnum(r.ceiling) + ",\"bound\":" + jnum(r.bound) + "}";
}
bool write_file(const std::string& path, const std::string& text) {
  if (path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return true;
  }
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::fprintf(stderr, "attention-lab: cannot write %s\n", path.c_str());
    return false;
  }
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return true;
}

bool parse_long(const std::string& s, long* out) {
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0') return false;
  *out = v;
  return true;
}
Flags parse_flags(int argc, char** argv) {
  Flags f;
  f.config.model.d_model = 0;
  for (int i = 0; i < argc; ++i) f.command_line += (i ? " " : "") + std::string(i == 0 ? "attention-lab" : argv[i]);
  for (int i = 2; i < argc && f.error.empty(); ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0) {
      f.error = "unexpected argument " + arg;
      break;
    }
    std::string name = arg.substr(2), value;
    const std::size_t eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    name = camel(name);
    f.given.push_back(name);
    if (name == "quiet") { f.quiet = true; continue; }
    if (name == "noTest") { f.test = false; continue; }
    if (!inline_value) {
      if (i + 1 >= argc) {
        f.error = "--" + name + " needs a value";
        break;
      }
      value = argv[++i];
    }
    long n = 0;
    double x = 0;
    const auto integer = [&](auto* target) {
      if (!parse_long(value, &n)) f.error = name + " = " + value + " is not an integer";
      else *target = static_cast<std::remove_pointer_t<decltype(target)>>(n);
    };
    const auto real = [&](double* target) {
      if (!parse_real(value, &x)) f.error = name + " = " + value + " is not a number";
      else *target = x;
    };
    TrainerConfig& c = f.config;
    if (name == "model") {
      if (!parse_model_kind(value, &c.model.kind))
        f.error = "model = \"" + value + "\" is not allowed: use encoder or attention";
    } else if (name == "betaStrategy") {
      if (!parse_beta_strategy(value, &c.beta_strategy))
        f.error = "betaStrategy = \"" + value +
                  "\" is not allowed: use inverse-sqrt-dk, fixed, search, dynamic, learned, qk-norm or qk-layernorm";
    } else if (name == "L") integer(&c.model.L);
    else if (name == "R") integer(&c.model.R);
    else if (name == "dModel") { integer(&c.model.d_model); f.d_model_set = true; }
    else if (name == "heads") integer(&c.model.n_heads);
    else if (name == "trainSize") integer(&c.train_size);
    else if (name == "valSize") integer(&c.val_size);
    else if (name == "testSize") integer(&c.test_size);
    else if (name == "beta") real(&c.beta);
    else if (name == "lr") real(&c.lr);
    else if (name == "betaLr") real(&c.beta_lr);
    else if (name == "batchSize") integer(&c.batch_size);
    else if (name == "epochs") integer(&c.epochs);
    else if (name == "warmupSteps") integer(&c.warmup_steps);
    else if (name == "clipNorm") real(&c.clip_norm);
    else if (name == "seed") {
      if (!parse_long(value, &n) || n < 0 || n > 4294967295L)
        f.error = "seed = " + value + " is out of range: allowed an integer from 0 to 4294967295";
      else c.seed = static_cast<std::uint64_t>(n);
    } else if (name == "searchPowers") integer(&c.search_powers);
    else if (name == "searchIterations") integer(&c.search_iterations);
    else if (name == "probeEpochs") integer(&c.probe_epochs);
    else if (name == "threads") integer(&c.threads);
    else if (name == "json") f.json_path = value;
    else if (name == "csv") f.csv_path = value;
    else if (name == "steps") { integer(&f.max_steps); f.dump_steps = static_cast<int>(f.max_steps); }
    else if (name == "evalEvery") integer(&f.eval_every);
    else if (name == "rows") f.rows = value;
    else if (name == "strategies") f.strategies = value;
    else if (name == "seeds") integer(&f.seeds);
    else f.error = "unknown flag --" + name;
  }
  if (!f.d_model_set) f.config.model.d_model = f.config.model.L;  // source 003's Table 1: d_model = d_k = L
  return f;
}

int usage() {
  std::fprintf(stderr,
      "usage: attention-lab train  [options] [--json FILE|-] [--csv FILE] [--steps N] [--evalEvery N] [--noTest]\n"
      "                            [--quiet]\n"
      "       attention-lab table1 [options] [--rows all|1,2,…] [--seeds 3]\n"
      "                            [--strategies inverse-sqrt-dk,search,paper,dynamic,learned]\n"
      "                            [--evalEvery N] [--json FILE] [--csv FILE]\n"
      "       attention-lab dump   [options] [--steps 5] [--json FILE|-]\n"
      "options (as engine.createTrainer's; --trainSize or --train-size):\n"
      "  --model encoder|attention  --L 20  --R 100  --trainSize 15000  --valSize 1000  --testSize 10000\n"
      "  --dModel L  --heads 1  --betaStrategy inverse-sqrt-dk|fixed|search|dynamic|learned|qk-norm|qk-layernorm\n"
      "  --beta B  --lr 5e-4  --betaLr LR  --batchSize 128  --epochs 10  --warmupSteps 50  --clipNorm 5  --seed 1\n"
      "  --searchPowers 2  --searchIterations 3  --probeEpochs 2\n"
      "  --threads 0   (native only: threads for the batch's two shards, 0 = one per core; results do not change)\n");
  return 2;
}

bool check(const TrainerConfig& c) {
  const std::string e = check_config(c, kCliWorkspaceFloats);
  if (!e.empty()) std::fprintf(stderr, "attention-lab: %s\n", e.c_str());
  return e.empty();
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

RunOutput run_trainer(Trainer& t, const Flags& f, bool progress, const std::string& label) {
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

}  // namespace asl::cli::training_cli
