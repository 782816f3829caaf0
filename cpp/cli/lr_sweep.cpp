// attention-lab lr-sweep: Wortsman et al.'s learning-rate sensitivity on source 003's reversal task. For each
// attention scaling (1/√d_k, the paper's fixed β, a learned β, QK-norm, qk-layernorm), each learning rate (log-spaced)
// and each seed it trains a model and records the final test accuracy, the attention entropy (final and lowest), the
// largest |logit| and whether the loss stopped being finite (the run then stops there). Two named presets: "full"
// (the paper's L = 20, R = 100, 15,000-sequence task, 7 rates over 3 decades, 3 seeds) and "reduced" (a small task,
// 4 rates, 1 seed: seconds a run in WebAssembly, for the page's worker); both are written into the JSON so the page
// can rerun either. It draws nothing.
#include "lr_sweep.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "kernels/kernels.h"
#include "json.h"
#include "run.h"
#include "table1.h"

namespace asl::cli {
namespace {

using namespace asl::training;

// Source 003's tuned β for Table 1's row 1 (L = 20, R = 100, 15,000 sequences), from web/data/table1.json.
double paper_beta_row1() { return paper_rows().at(0).betas.at(0); }

struct Strategy {
  const char* id;  // as in the JSON: "inverse-sqrt-dk", "fixed-5", "learned", "qk-norm", "qk-layernorm"
  BetaStrategy strategy;
  bool paper_beta;  // fixed at Table 1 row 1's β; otherwise β is not fixed
  const char* label;
};
const Strategy kStrategies[] = {
    {"inverse-sqrt-dk", BetaStrategy::inverse_sqrt_dk, false, "β = 1/√d_k"},
    {"fixed-5", BetaStrategy::fixed, true, "β = 5, the paper's for this task"},
    {"learned", BetaStrategy::learned, false, "learned β (from 1/√d_k, at the weights' learning rate)"},
    {"qk-norm", BetaStrategy::qk_norm, false, "QK-norm, learned g per head (Henry et al. 2020)"},
    {"qk-layernorm", BetaStrategy::qk_layernorm, false, "qk-layernorm, then 1/√d_k (ViT-22B)"},
};

struct Preset {
  const char* name;
  int L, R, train_size, val_size, test_size, epochs;
  double lr_min, lr_max;
  int rates, seeds, curve_every;
};
const Preset kPresets[] = {
    {"full", 20, 100, 15000, 1000, 10000, 10, 1e-4, 1e-1, 7, 3, 39},
    {"reduced", 20, 100, 5000, 500, 2000, 4, 1e-4, 1e-1, 4, 1, 13},
};

std::string preset_json(const Preset& p) {
  return std::string("{\"L\":") + std::to_string(p.L) + ",\"R\":" + std::to_string(p.R) +
         ",\"trainSize\":" + std::to_string(p.train_size) + ",\"valSize\":" + std::to_string(p.val_size) +
         ",\"testSize\":" + std::to_string(p.test_size) + ",\"epochs\":" + std::to_string(p.epochs) +
         ",\"lrMin\":" + jnum(p.lr_min) + ",\"lrMax\":" + jnum(p.lr_max) + ",\"rates\":" + std::to_string(p.rates) +
         ",\"seeds\":" + std::to_string(p.seeds) + ",\"curveEvery\":" + std::to_string(p.curve_every) + "}";
}

struct Run {
  const Strategy* strategy;
  double lr;
  std::uint64_t seed;
  std::string json;  // filled by the run
};

// One training run to the end or to its first non-finite loss; its JSON record.
std::string run_one(const TrainerConfig& base, const Run& job, int curve_every) {
  TrainerConfig c = base;
  c.beta_strategy = job.strategy->strategy;
  c.beta = job.strategy->paper_beta ? paper_beta_row1() : 0.0;
  c.lr = job.lr;
  c.seed = job.seed;
  c.threads = 1;
  const std::clock_t cpu0 = std::clock();
  Trainer t(c);
  double min_entropy = HUGE_VAL, max_logit = 0.0, last_entropy = NAN;
  long diverged_at = -1;
  std::string steps = "[", loss = "[", entropy = "[", logit = "[";
  std::vector<float> losses;
  while (t.phase() != Phase::done) {
    losses.clear();
    const StepResult r = t.step(1, &losses);
    if (!std::isfinite(r.loss)) {
      diverged_at = r.step;
      break;
    }
    last_entropy = r.attention_entropy;
    min_entropy = std::min(min_entropy, r.attention_entropy);
    max_logit = std::max(max_logit, r.max_abs_logit);
    if (r.step % curve_every == 0 || r.step == 1 || t.phase() == Phase::done) {
      const char* sep = steps.size() > 1 ? "," : "";
      steps += sep + std::to_string(r.step);
      loss += sep + jnum(r.loss);
      entropy += sep + jnum(r.attention_entropy);
      logit += sep + jnum(r.max_abs_logit);
    }
  }
  const Evaluation test = t.evaluate(Split::test);
  const double seconds = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
  return std::string("{\"strategy\":") + jstr(job.strategy->id) + ",\"lr\":" + jnum(job.lr) +
         ",\"seed\":" + std::to_string(job.seed) + ",\"test\":" + jeval(test) + ",\"diverged\":" +
         (diverged_at >= 0 ? "true" : "false") + ",\"divergedAtStep\":" +
         (diverged_at >= 0 ? std::to_string(diverged_at) : "null") + ",\"steps\":" + std::to_string(t.steps_done()) +
         ",\"finalEntropy\":" + jnum(last_entropy) + ",\"minEntropy\":" + jnum(min_entropy) +
         ",\"maxLogit\":" + jnum(max_logit) + ",\"finalBeta\":" + jnum(t.beta()) + ",\"qkScale\":" +
         (t.qk_scale().empty() ? std::string("null") : jarray(t.qk_scale())) + ",\"cpuSeconds\":" + jnum(seconds) +
         ",\"curve\":{\"step\":" + steps + "],\"loss\":" + loss + "],\"entropy\":" + entropy + "],\"maxLogit\":" +
         logit + "]}}";
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) return line.substr(line.find(':') + 2);
  return "unknown";
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  double one = NAN, five = NAN, fifteen = NAN;
  in >> one >> five >> fifteen;
  return "[" + jnum(one) + "," + jnum(five) + "," + jnum(fifteen) + "]";
}

std::string utc_now() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return buf;
}

int sweep_usage() {
  std::fprintf(stderr,
               "usage: attention-lab lr-sweep [--preset full|reduced] [--jobs 2] [--seeds N] [--json FILE] [--quiet]\n"
               "                              [--strategies inverse-sqrt-dk,fixed-5,learned,qk-norm,qk-layernorm]\n"
               "  the preset sets L, R, trainSize, valSize, testSize, epochs, the rates and the seeds; other trainer\n"
               "  options (as attention-lab train's) change the base configuration; --seed S numbers seeds from S.\n");
  return 2;
}

}  // namespace

int lr_sweep_command(int argc, char** argv) {
  // The sweep's own flags first; what is left goes to the trainer's flag reader.
  const Preset* preset = &kPresets[0];
  int jobs = 2;
  std::vector<char*> rest = {argv[0], argv[1]};
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") return sweep_usage(), 0;
    if ((arg == "--preset" || arg == "--jobs") && i + 1 >= argc) return sweep_usage();
    if (arg == "--preset") {
      const std::string name = argv[++i];
      preset = nullptr;
      for (const Preset& p : kPresets)
        if (name == p.name) preset = &p;
      if (!preset) {
        std::fprintf(stderr, "attention-lab: preset = \"%s\" is not allowed: use full or reduced\n", name.c_str());
        return 2;
      }
    } else if (arg == "--jobs") {
      long n = 0;
      if (!parse_long(argv[++i], &n) || n < 1 || n > 64) {
        std::fprintf(stderr, "attention-lab: jobs = %s is out of range: allowed an integer from 1 to 64\n", argv[i]);
        return 2;
      }
      jobs = static_cast<int>(n);
    } else {
      rest.push_back(argv[i]);
    }
  }
  TrainingRun f;
  if (!read_training_flags(static_cast<int>(rest.size()), rest.data(), &f)) return sweep_usage();
  f.command_line.clear();  // the command as typed, every flag included
  for (int i = 0; i < argc; ++i) f.command_line += (i ? " " : "") + std::string(i == 0 ? "attention-lab" : argv[i]);
  for (const char* fixed : {"L", "R", "trainSize", "valSize", "testSize", "epochs", "lr", "betaStrategy", "beta"})
    if (f.has(fixed)) {
      std::fprintf(stderr, "attention-lab: lr-sweep takes --%s from its preset and its strategies: remove it\n", fixed);
      return 2;
    }
  TrainerConfig base = f.config;
  base.model.L = preset->L;
  base.model.R = preset->R;
  if (!f.has("dModel")) base.model.d_model = preset->L;  // d_model = d_k = L, as source 003's Table 1
  base.train_size = preset->train_size;
  base.val_size = preset->val_size;
  base.test_size = preset->test_size;
  base.epochs = preset->epochs;
  std::vector<const Strategy*> strategies;
  const std::string wanted = f.strategies_given ? f.strategies : "";
  for (const Strategy& s : kStrategies)
    if (wanted.empty() || ("," + wanted + ",").find("," + std::string(s.id) + ",") != std::string::npos)
      strategies.push_back(&s);
  if (strategies.empty()) {
    std::fprintf(stderr, "attention-lab: strategies = %s: allowed a list of inverse-sqrt-dk, fixed-5, learned, "
                         "qk-norm, qk-layernorm\n", wanted.c_str());
    return 2;
  }
  std::vector<double> rates;
  for (int k = 0; k < preset->rates; ++k)
    rates.push_back(preset->lr_min * std::pow(preset->lr_max / preset->lr_min, k / (preset->rates - 1.0)));
  const int seeds = f.seeds_given ? f.seeds : preset->seeds;
  if (seeds < 1 || seeds > 100) {
    std::fprintf(stderr, "attention-lab: seeds = %d is out of range: allowed 1 to 100\n", seeds);
    return 2;
  }
  std::vector<Run> runs;
  for (const Strategy* s : strategies)
    for (double lr : rates)
      for (int k = 0; k < seeds; ++k) runs.push_back({s, lr, base.seed + static_cast<std::uint64_t>(k), ""});
  for (const Run& r : runs) {  // every configuration is checked before anything runs
    TrainerConfig c = base;
    c.beta_strategy = r.strategy->strategy;
    c.beta = r.strategy->paper_beta ? paper_beta_row1() : 0.0;
    c.lr = r.lr;
    if (!check(c)) return 2;
  }

  const auto t0 = Clock::now();
  const std::string load_before = load_average();
  std::atomic<std::size_t> next{0}, done{0};
  auto worker = [&] {
    for (std::size_t i = next.fetch_add(1); i < runs.size(); i = next.fetch_add(1)) {
      runs[i].json = run_one(base, runs[i], preset->curve_every);
      const std::size_t n = done.fetch_add(1) + 1;
      if (!f.quiet)
        std::fprintf(stderr, "[lr-sweep] %zu/%zu %s lr %.3g seed %llu (%.0f s)\n", n, runs.size(), runs[i].strategy->id,
                     runs[i].lr, static_cast<unsigned long long>(runs[i].seed), seconds_since(t0));
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < std::min<int>(jobs, static_cast<int>(runs.size())); ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& th : threads) th.join();

  std::string presets = "{", strategy_list = "[", run_list = "[";
  for (const Preset& p : kPresets) presets += std::string(presets.size() > 1 ? "," : "") + jstr(p.name) + ":" + preset_json(p);
  for (const Strategy* s : strategies)
    strategy_list += std::string(strategy_list.size() > 1 ? "," : "") + "{\"id\":" + jstr(s->id) +
                     ",\"betaStrategy\":" + jstr(beta_strategy_name(s->strategy)) +
                     ",\"beta\":" + (s->paper_beta ? jnum(paper_beta_row1()) : "null") + ",\"label\":" + jstr(s->label) + "}";
  for (const Run& r : runs) run_list += std::string(run_list.size() > 1 ? "," : "") + r.json;
  const std::string json =
      "{\"about\":" +
      jstr("Final test accuracy against the learning rate (Wortsman et al. 2023's sensitivity) on source 003's "
           "reversal task, with each run's attention entropy and largest |logit|. Made by attention-lab lr-sweep; do "
           "not edit by hand.") +
      ",\"command\":" + jstr(f.command_line) + ",\"generated\":" + jstr(utc_now()) + ",\"machine\":{\"cpus\":" +
      std::to_string(std::thread::hardware_concurrency()) + ",\"cpuModel\":" + jstr(cpu_model()) +
      ",\"vectorIsa\":" + jstr(asl::vector_isa()) + ",\"kernels\":" + jstr(asl::kernel_set()) + "},\"jobs\":" +
      std::to_string(jobs) + ",\"wallSeconds\":" + jnum(seconds_since(t0)) + ",\"loadAverage\":{\"before\":" +
      load_before + ",\"after\":" + load_average() + "}" + ",\"preset\":" + jstr(preset->name) +
      ",\"presets\":" + presets + "},\"config\":" + jconfig(base) + ",\"rates\":" + jarray(rates) +
      ",\"strategies\":" + strategy_list + "],\"runs\":" + run_list + "]}\n";
  return write_file(f.json_path, json) ? 0 : 1;
}

}  // namespace asl::cli
