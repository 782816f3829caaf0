// What the training commands (train, table1, dump) share: their flags, which are createTrainer's options read by the
// bindings' reader (cpp/api/trainer_config.h) plus the commands' own, and one run of a trainer with its validation
// evaluations. Internal to the command line; the engine knows nothing of it.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "engine/training/trainer.h"

namespace asl::cli {

using Clock = std::chrono::steady_clock;

struct TrainingRun {
  training::TrainerConfig config;
  std::string json_path = "-", csv_path;
  long max_steps = -1;
  int eval_every = 0;  // 0: at the end of every epoch of the main run
  bool quiet = false, test = true;
  std::string rows = "all", strategies = "inverse-sqrt-dk,search";
  int seeds = 3;
  bool seeds_given = false, strategies_given = false;  // whether --seeds and --strategies were on the command line
  int dump_steps = 5;
  std::string command_line;
  std::vector<std::string> given;  // createTrainer options given, as the API names them
  bool has(const char* name) const;
};

// The training command's flags into *run; false (after printing the problem and the usage) when they cannot be used.
bool read_training_flags(int argc, char** argv, TrainingRun* run);
// The training commands' usage and every flag, from the schema.
std::string training_help();
// Prints check_config's message for the CLI's workspace limit; true when the config can run.
bool check(const training::TrainerConfig& c);
bool parse_long(const std::string& s, long* out);
double seconds_since(Clock::time_point t0);

struct CurvePoint {
  long step;
  training::Phase phase;
  int probe, epoch;
  long run_step;
  float loss, beta;
  double lr, grad_norm;
  double entropy, max_logit;  // the step's attention entropy (nats) and largest |logit|
};

struct RunOutput {
  std::vector<CurvePoint> curve;
  std::string evaluations = "[";
  training::Evaluation test, val;
  double train_seconds = 0, eval_seconds = 0;
  double cpu_seconds = 0;  // process CPU time of the whole run, evaluations included (robust to a busy machine)
  long steps = 0;
};

// Runs the trainer to the end (or max_steps), evaluating validation each epoch of the main run (or every
// eval_every steps of it, and before its first step). progress: print a line to stderr now and then, labelled.
RunOutput run_trainer(training::Trainer& t, const TrainingRun& f, bool progress, const std::string& label);

}  // namespace asl::cli
