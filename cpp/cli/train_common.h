// What the training commands of attention-lab share: their flags, the JSON they write, and one run of a trainer with
// its validation evaluations. Internal to the command line (train.cpp, table1.cpp); the engine knows nothing of it.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "engine/training/trainer.h"

namespace asl::cli::training_cli {

using namespace asl::training;
using Clock = std::chrono::steady_clock;

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

// Parses argv[2 …] (argv[1] is the command); f.error says what was wrong.
Flags parse_flags(int argc, char** argv);
int usage();
// Prints check_config's message for the CLI's workspace limit; true when the config can run.
bool check(const TrainerConfig& c);
bool parse_long(const std::string& s, long* out);
double seconds_since(Clock::time_point t0);

// ---- JSON ----
std::string jnum(double x);
std::string jstr(const std::string& s);
template <class V>
std::string jarray(const V& xs) {
  std::string out = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? "," : "") + jnum(static_cast<double>(xs[i]));
  return out + "]";
}
std::string jeval(const Evaluation& e);
std::string jconfig(const TrainerConfig& c);
std::string jsearch(const Trainer& t);
// learned_beta_reach(config) as { initialBeta, lrSum, ceiling, bound }, or null when β is not learned.
std::string jreach(const TrainerConfig& c);
// Writes text to path ("-": stdout); false (with a message on stderr) when it cannot.
bool write_file(const std::string& path, const std::string& text);

// ---- one run ----
struct CurvePoint {
  long step;
  Phase phase;
  int probe, epoch;
  long run_step;
  float loss, beta;
  double lr, grad_norm;
  double entropy, max_logit;  // the step's attention entropy (nats) and largest |logit|
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
// eval_every steps of it, and before its first step). progress: print a line to stderr now and then, labelled.
RunOutput run_trainer(Trainer& t, const Flags& f, bool progress, const std::string& label);

int cmd_table1(const Flags& f);  // table1.cpp

}  // namespace asl::cli::training_cli
