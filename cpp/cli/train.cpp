// attention-lab train | table1 | dump: the training lab natively, with the same options and seeds as the page's
// createTrainer (flags spelled as the API's options, --trainSize or --train-size). train writes the loss curve and the
// final accuracies as JSON (and CSV); table1 runs source 003's Table 1 rows over several seeds; dump writes initial
// weights, batches and losses for the PyTorch reference (tests/torch/reference.py). Progress goes to stderr.
#include "train.h"

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/training/model.h"
#include "engine/training/trainer.h"
#include "kernels/kernels.h"

namespace asl::cli {
namespace {

using namespace asl::training;
using Clock = std::chrono::steady_clock;

constexpr double kCliWorkspaceFloats = 268435456.0;  // 1 GiB of activations natively (the page allows 64 Mi floats)

// ---- Table 1 of source 003 (its figures: test accuracy, in percent) ---------------------------------------------
struct PaperRow {
  int R, L, train;
  double old_accuracy;                  // β = 1/√d_k
  std::vector<double> betas, accuracy;  // the tuned β values and what each reached
};
const std::vector<PaperRow>& paper_rows() {
  static const std::vector<PaperRow> rows = {
      {100, 20, 15000, 1.5, {5.0}, {96.0}},         {100, 200, 19300, 1.23, {0.16}, {100.0}},
      {10, 20, 8000, 18.56, {6.55}, {100.0}},       {1000, 20, 50000, 18.56, {5.0}, {100.0}},
      {1000, 20, 40000, 10.68, {5.0}, {99.79}},     {1000, 20, 35000, 5.52, {5.0, 6.0}, {99.53, 99.77}},
  };
  return rows;
}

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
template <class V>
std::string jarray(const V& xs) {
  std::string out = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? "," : "") + jnum(static_cast<double>(xs[i]));
  return out + "]";
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

// ---- flags -------------------------------------------------------------------------------------------------------
struct Flags {
  TrainerConfig config;
  bool d_model_set = false;
  std::string json_path = "-", csv_path;
  long max_steps = -1;
  int eval_every = 0;  // 0: at the end of every epoch of the main run
  bool quiet = false, test = true;
  std::string rows = "all", strategies = "inverse-sqrt-dk,search";
  int seeds = 3;
  int dump_steps = 5;
  std::string command_line;
  std::string error;
  std::vector<std::string> given;  // option names as given (camelCase)
  bool has(const char* name) const {
    for (const std::string& g : given)
      if (g == name) return true;
    return false;
  }
};

std::string camel(std::string name) {  // "train-size" → "trainSize"
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '-' && i + 1 < name.size()) out += static_cast<char>(std::toupper(name[++i]));
    else out += name[i];
  }
  return out;
}

bool parse_long(const std::string& s, long* out) {
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0') return false;
  *out = v;
  return true;
}
bool parse_real(const std::string& s, double* out) {
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
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
                  "\" is not allowed: use inverse-sqrt-dk, fixed, search, dynamic or learned";
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
      "                            [--json FILE] [--csv FILE]\n"
      "       attention-lab dump   [options] [--steps 5] [--json FILE|-]\n"
      "options (as engine.createTrainer's; --trainSize or --train-size):\n"
      "  --model encoder|attention  --L 20  --R 100  --trainSize 15000  --valSize 1000  --testSize 10000\n"
      "  --dModel L  --heads 1  --betaStrategy inverse-sqrt-dk|fixed|search|dynamic|learned  --beta B\n"
      "  --lr 5e-4  --betaLr LR  --batchSize 128  --epochs 10  --warmupSteps 50  --clipNorm 5  --seed 1\n"
      "  --searchPowers 2  --searchIterations 3  --probeEpochs 2\n");
  return 2;
}

bool check(const TrainerConfig& c) {
  const std::string e = check_config(c, kCliWorkspaceFloats);
  if (!e.empty()) std::fprintf(stderr, "attention-lab: %s\n", e.c_str());
  return e.empty();
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// ---- train -------------------------------------------------------------------------------------------------------
struct CurvePoint {
  long step;
  Phase phase;
  int probe, epoch;
  long run_step;
  float loss, beta;
  double lr, grad_norm;
};

struct RunOutput {
  std::vector<CurvePoint> curve;
  std::string evaluations = "[";
  Evaluation test, val;
  double train_seconds = 0, eval_seconds = 0;
  double cpu_seconds = 0;  // process CPU time of the whole run, evaluations included (robust to a busy machine)
  long steps = 0;
};

// Runs the trainer to the end (or max_steps), evaluating validation each epoch of the main run (or every
// eval_every steps of it). progress: print a line to stderr now and then, labelled with `label`.
RunOutput run_trainer(Trainer& t, const Flags& f, bool progress, const std::string& label) {
  RunOutput out;
  std::vector<float> losses, betas;
  const auto t0 = Clock::now();
  const std::clock_t cpu0 = std::clock();
  auto last_print = t0;
  double eval_time = 0.0;
  bool first_eval = true;
  while (t.phase() != Phase::done && (f.max_steps < 0 || t.steps_done() < f.max_steps)) {
    losses.clear();
    betas.clear();
    const Phase phase = t.phase();
    const int probe = phase == Phase::search ? static_cast<int>(t.search().probes.size()) : -1;
    const StepResult r = t.step(1, &losses, &betas);
    out.curve.push_back({r.step, phase, probe, r.epoch, r.run_step, losses[0], betas[0], r.lr, r.grad_norm});
    const bool main_run = phase == Phase::train;
    const bool at_eval = f.eval_every > 0 ? r.run_step % f.eval_every == 0 || r.run_step == r.run_steps
                                          : r.run_step % t.steps_per_epoch() == 0;
    if (main_run && at_eval) {
      const auto e0 = Clock::now();
      const Evaluation v = t.evaluate(Split::val);
      eval_time += seconds_since(e0);
      out.evaluations += std::string(first_eval ? "" : ",") + "{\"step\":" + std::to_string(r.step) +
                         ",\"runStep\":" + std::to_string(r.run_step) + ",\"epoch\":" + std::to_string(r.epoch) +
                         ",\"beta\":" + jnum(r.beta) + ",\"val\":" + jeval(v) + "}";
      first_eval = false;
    }
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

int cmd_train(const Flags& f) {
  if (!check(f.config)) return 2;
  Trainer t(f.config);
  const RunOutput out = run_trainer(t, f, !f.quiet, "");
  std::string step = "[", phase = "[", probe = "[", loss = "[", beta = "[", lr = "[", norm = "[";
  for (std::size_t i = 0; i < out.curve.size(); ++i) {
    const CurvePoint& p = out.curve[i];
    const char* sep = i ? "," : "";
    step += sep + std::to_string(p.step);
    phase += sep + jstr(phase_name(p.phase));
    probe += sep + std::to_string(p.probe);
    loss += sep + jnum(p.loss);
    beta += sep + jnum(p.beta);
    lr += sep + jnum(p.lr);
    norm += sep + jnum(p.grad_norm);
  }
  TrainerConfig as_run = f.config;
  as_run.probe_epochs = t.probe_epochs();
  std::string json = "{\"command\":" + jstr(f.command_line) + ",\"kernels\":" + jstr(asl::kernel_set()) +
                     ",\"config\":" + jconfig(as_run) + ",\"parameterCount\":" +
                     std::to_string(t.parameters().size()) + ",\"stepsPerEpoch\":" +
                     std::to_string(t.steps_per_epoch()) + ",\"totalSteps\":" + std::to_string(t.total_steps()) +
                     ",\"curve\":{\"step\":" + step + "],\"phase\":" + phase + "],\"probe\":" + probe +
                     "],\"loss\":" + loss + "],\"beta\":" + beta + "],\"lr\":" + lr + "],\"gradNorm\":" + norm +
                     "]},\"evaluations\":" + out.evaluations + ",\"search\":" + jsearch(t) +
                     ",\"final\":{\"step\":" + std::to_string(out.steps) + ",\"beta\":" + jnum(t.beta()) +
                     ",\"val\":" + jeval(out.val) + ",\"test\":" + (f.test ? jeval(out.test) : "null") +
                     "},\"timing\":{\"trainSeconds\":" + jnum(out.train_seconds) + ",\"stepsPerSecond\":" +
                     jnum(static_cast<double>(out.steps) / std::max(out.train_seconds, 1e-9)) + ",\"evalSeconds\":" +
                     jnum(out.eval_seconds) + ",\"cpuSeconds\":" + jnum(out.cpu_seconds) + "}}\n";
  if (!write_file(f.json_path, json)) return 1;
  if (!f.csv_path.empty()) {
    std::string csv = "step,phase,probe,run_step,epoch,loss,beta,lr,grad_norm\n";
    char line[256];
    for (const CurvePoint& p : out.curve) {
      std::snprintf(line, sizeof line, "%ld,%s,%d,%ld,%d,%.9g,%.9g,%.9g,%.9g\n", p.step, phase_name(p.phase), p.probe,
                    p.run_step, p.epoch, static_cast<double>(p.loss), static_cast<double>(p.beta), p.lr, p.grad_norm);
      csv += line;
    }
    if (!write_file(f.csv_path, csv)) return 1;
  }
  if (f.json_path != "-" && !f.quiet)
    std::printf("test: token accuracy %.4f, sequence accuracy %.4f; beta %.4g; %.1f steps/s\n",
                out.test.token_accuracy, out.test.sequence_accuracy, t.beta(),
                static_cast<double>(out.steps) / std::max(out.train_seconds, 1e-9));
  return 0;
}

// ---- table1 ------------------------------------------------------------------------------------------------------
struct Stat {
  double mean = 0, sd = 0;
};
Stat stat(const std::vector<double>& xs) {
  Stat s;
  if (xs.empty()) return s;
  for (double x : xs) s.mean += x;
  s.mean /= static_cast<double>(xs.size());
  if (xs.size() > 1) {
    for (double x : xs) s.sd += (x - s.mean) * (x - s.mean);
    s.sd = std::sqrt(s.sd / static_cast<double>(xs.size() - 1));  // sample sd over seeds
  }
  return s;
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = s.find(',', start);
    const std::string item = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!item.empty()) out.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

int cmd_table1(const Flags& f) {
  const auto& paper = paper_rows();
  std::vector<int> rows;
  if (f.rows == "all") {
    for (std::size_t i = 0; i < paper.size(); ++i) rows.push_back(static_cast<int>(i));
  } else {
    for (const std::string& item : split_list(f.rows)) {
      long n = 0;
      if (!parse_long(item, &n) || n < 1 || n > static_cast<long>(paper.size())) {
        std::fprintf(stderr, "attention-lab: rows = %s: allowed all or row numbers 1 to %zu\n", f.rows.c_str(),
                     paper.size());
        return 2;
      }
      rows.push_back(static_cast<int>(n - 1));
    }
  }
  for (const char* fixed : {"L", "R", "trainSize", "betaStrategy", "beta"})
    if (f.has(fixed)) {
      std::fprintf(stderr, "attention-lab: table1 takes L, R and trainSize from each row of the table and the beta "
                           "from --strategies: remove --%s\n", fixed);
      return 2;
    }
  const std::vector<std::string> strategies = split_list(f.strategies);
  for (const std::string& s : strategies)
    if (s != "inverse-sqrt-dk" && s != "search" && s != "paper" && s != "dynamic" && s != "learned") {
      std::fprintf(stderr, "attention-lab: strategies: \"%s\" is not allowed: use inverse-sqrt-dk, search, paper, "
                           "dynamic or learned\n", s.c_str());
      return 2;
    }
  if (f.seeds < 1 || f.seeds > 100) {
    std::fprintf(stderr, "attention-lab: seeds = %d is out of range: allowed 1 to 100\n", f.seeds);
    return 2;
  }
  // Every configuration is checked before anything runs.
  struct Job {
    int row;
    std::string method;
    TrainerConfig config;
    double paper_accuracy;
  };
  std::vector<Job> jobs;
  for (int row : rows) {
    const PaperRow& p = paper[row];
    TrainerConfig base = f.config;
    base.model.R = p.R;
    base.model.L = p.L;
    base.train_size = p.train;
    if (!f.d_model_set) base.model.d_model = p.L;
    base.beta = 0.0;
    for (const std::string& s : strategies) {
      if (s == "paper") {
        for (std::size_t k = 0; k < p.betas.size(); ++k) {
          TrainerConfig c = base;
          c.beta_strategy = BetaStrategy::fixed;
          c.beta = p.betas[k];
          jobs.push_back({row, "fixed " + jnum(p.betas[k]), c, p.accuracy[k]});
        }
      } else {
        TrainerConfig c = base;
        parse_beta_strategy(s, &c.beta_strategy);
        jobs.push_back({row, s, c, s == "inverse-sqrt-dk" ? p.old_accuracy : NAN});
      }
    }
  }
  for (const Job& j : jobs)
    if (!check(j.config)) return 2;

  std::string json = "{\"command\":" + jstr(f.command_line) + ",\"kernels\":" + jstr(asl::kernel_set()) +
                     ",\"seeds\":" + std::to_string(f.seeds) + ",\"rows\":[";
  std::string csv = "row,R,L,trainSize,method,seed,beta,test_token_accuracy,test_sequence_accuracy,seconds\n";
  std::printf("| row | R | L | train | method | β (mean) | test token acc. %% | test sequence acc. %% | paper %% |\n"
              "|---|---|---|---|---|---|---|---|---|\n");
  for (std::size_t ji = 0; ji < jobs.size(); ++ji) {
    const Job& j = jobs[ji];
    const PaperRow& p = paper[j.row];
    std::vector<double> token, sequence, betas;
    std::string runs = "[";
    for (int s = 0; s < f.seeds; ++s) {
      TrainerConfig c = j.config;
      c.seed = f.config.seed + static_cast<std::uint64_t>(s);
      Trainer t(c);
      char label[160];
      std::snprintf(label, sizeof label, "row %d %s seed %llu ", j.row + 1, j.method.c_str(),
                    static_cast<unsigned long long>(c.seed));
      Flags run_flags = f;
      run_flags.max_steps = -1;
      run_flags.test = true;
      const RunOutput out = run_trainer(t, run_flags, !f.quiet, label);
      token.push_back(out.test.token_accuracy);
      sequence.push_back(out.test.sequence_accuracy);
      betas.push_back(t.beta());
      runs += std::string(s ? "," : "") + "{\"seed\":" + std::to_string(c.seed) + ",\"beta\":" + jnum(t.beta()) +
              ",\"search\":" + jsearch(t) + ",\"test\":" + jeval(out.test) + ",\"val\":" + jeval(out.val) +
              ",\"seconds\":" + jnum(out.train_seconds + out.eval_seconds) + "}";
      char line[320];
      std::snprintf(line, sizeof line, "%d,%d,%d,%d,%s,%llu,%.9g,%.9g,%.9g,%.3f\n", j.row + 1, p.R, p.L, p.train,
                    j.method.c_str(), static_cast<unsigned long long>(c.seed), t.beta(), out.test.token_accuracy,
                    out.test.sequence_accuracy, out.train_seconds + out.eval_seconds);
      csv += line;
    }
    runs += "]";
    const Stat tk = stat(token), sq = stat(sequence), bt = stat(betas);
    json += std::string(ji ? "," : "") + "{\"row\":" + std::to_string(j.row + 1) + ",\"R\":" + std::to_string(p.R) +
            ",\"L\":" + std::to_string(p.L) + ",\"trainSize\":" + std::to_string(p.train) +
            ",\"method\":" + jstr(j.method) + ",\"config\":" + jconfig(j.config) +
            ",\"paperTestAccuracy\":" + jnum(j.paper_accuracy / 100.0) + ",\"beta\":{\"mean\":" + jnum(bt.mean) +
            ",\"sd\":" + jnum(bt.sd) + "},\"tokenAccuracy\":{\"mean\":" + jnum(tk.mean) + ",\"sd\":" +
            jnum(tk.sd) + "},\"sequenceAccuracy\":{\"mean\":" + jnum(sq.mean) + ",\"sd\":" + jnum(sq.sd) +
            "},\"runs\":" + runs + "}";
    std::printf("| %d | %d | %d | %d | %s | %.3g | %.2f ± %.2f | %.2f ± %.2f | %s |\n", j.row + 1, p.R, p.L, p.train,
                j.method.c_str(), bt.mean, 100 * tk.mean, 100 * tk.sd, 100 * sq.mean, 100 * sq.sd,
                std::isnan(j.paper_accuracy) ? "—" : jnum(j.paper_accuracy).c_str());
    std::fflush(stdout);
  }
  json += "]}\n";
  if (f.json_path != "-" && !write_file(f.json_path, json)) return 1;
  if (!f.csv_path.empty() && !write_file(f.csv_path, csv)) return 1;
  return 0;
}

// ---- dump --------------------------------------------------------------------------------------------------------
int cmd_dump(const Flags& f) {
  if (!check(f.config)) return 2;
  if (f.config.beta_strategy == BetaStrategy::search) {
    std::fprintf(stderr, "attention-lab: dump runs one training run: betaStrategy = \"search\" is not allowed\n");
    return 2;
  }
  if (f.dump_steps < 1 || f.dump_steps > 1000) {
    std::fprintf(stderr, "attention-lab: steps = %d is out of range: allowed 1 to 1000\n", f.dump_steps);
    return 2;
  }
  Trainer t(f.config);
  std::string layout = "[";
  const auto tensors = parameter_layout(f.config.model);
  for (std::size_t i = 0; i < tensors.size(); ++i)
    layout += std::string(i ? "," : "") + "{\"name\":" + jstr(tensors[i].name) + ",\"rows\":" +
              std::to_string(tensors[i].rows) + ",\"cols\":" + std::to_string(tensors[i].cols) +
              ",\"offset\":" + std::to_string(tensors[i].offset) + "}";
  layout += "]";
  const std::string initial = jarray(t.parameters());
  const double initial_beta = t.beta();
  std::string steps = "[";
  std::vector<float> losses, betas;
  for (int s = 0; s < f.dump_steps && t.phase() != Phase::done; ++s) {
    losses.clear();
    betas.clear();
    const StepResult r = t.step(1, &losses, &betas);
    steps += std::string(s ? "," : "") + "{\"inputs\":" + jarray(t.last_batch()) + ",\"loss\":" + jnum(losses[0]) +
             ",\"beta\":" + jnum(betas[0]) + ",\"lr\":" + jnum(r.lr) + ",\"gradNorm\":" + jnum(r.grad_norm) + "}";
  }
  steps += "]";
  const std::string json = "{\"command\":" + jstr(f.command_line) + ",\"config\":" + jconfig(f.config) +
                           ",\"runSteps\":" + std::to_string(t.total_steps()) + ",\"layout\":" + layout +
                           ",\"learnedBeta\":" +
                           (f.config.beta_strategy == BetaStrategy::learned ? "true" : "false") +
                           ",\"initialBeta\":" + jnum(initial_beta) + ",\"initialParams\":" + initial +
                           ",\"steps\":" + steps + ",\"finalParams\":" + jarray(t.parameters()) + "}\n";
  return write_file(f.json_path, json) ? 0 : 1;
}

}  // namespace

bool is_training_command(const char* command) {
  return std::strcmp(command, "train") == 0 || std::strcmp(command, "table1") == 0 ||
         std::strcmp(command, "dump") == 0;
}

int training_command(int argc, char** argv) {
  for (int i = 2; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) return usage(), 0;
  const Flags f = parse_flags(argc, argv);
  if (!f.error.empty()) {
    std::fprintf(stderr, "attention-lab: %s\n", f.error.c_str());
    return usage();
  }
  if (std::strcmp(argv[1], "train") == 0) return cmd_train(f);
  if (std::strcmp(argv[1], "table1") == 0) return cmd_table1(f);
  return cmd_dump(f);
}

}  // namespace asl::cli
