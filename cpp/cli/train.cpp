// attention-lab train and dump: one training run with engine.createTrainer's options as flags. train writes the loss
// curve and the final accuracies as JSON (and CSV); dump writes the initial weights, the batches of the first steps
// and their losses for the PyTorch reference (tests/torch/reference.py). Progress goes to stderr.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "commands.h"
#include "engine/training/model.h"
#include "flags.h"
#include "json.h"
#include "kernels/kernels.h"
#include "run.h"

namespace asl::cli {

using namespace asl::training;

namespace {

// Help or the flags; false (with the exit code in *code) when the command should stop.
bool flags(int argc, char** argv, TrainingRun* run, int* code) {
  if (wants_help(argc, argv)) {
    std::printf("%s", training_help().c_str());
    *code = 0;
    return false;
  }
  if (read_training_flags(argc, argv, run) && check(run->config)) return true;
  *code = 2;
  return false;
}

}  // namespace

int cmd_train(int argc, char** argv) {
  TrainingRun f;
  int code = 0;
  if (!flags(argc, argv, &f, &code)) return code;
  Trainer t(f.config);
  const RunOutput out = run_trainer(t, f, !f.quiet, "");
  std::string step = "[", phase = "[", probe = "[", loss = "[", beta = "[", lr = "[", norm = "[", entropy = "[",
              max_logit = "[";
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
    entropy += sep + jnum(p.entropy);
    max_logit += sep + jnum(p.max_logit);
  }
  TrainerConfig as_run = f.config;
  as_run.probe_epochs = t.probe_epochs();
  const double rate = static_cast<double>(out.steps) / std::max(out.train_seconds, 1e-9);
  std::string json = "{\"command\":" + jstr(f.command_line) + ",\"kernels\":" + jstr(kernel_set()) +
                     ",\"config\":" + jconfig(as_run) + ",\"parameterCount\":" +
                     std::to_string(t.parameters().size()) + ",\"stepsPerEpoch\":" +
                     std::to_string(t.steps_per_epoch()) + ",\"totalSteps\":" + std::to_string(t.total_steps()) +
                     ",\"curve\":{\"step\":" + step + "],\"phase\":" + phase + "],\"probe\":" + probe +
                     "],\"loss\":" + loss + "],\"beta\":" + beta + "],\"lr\":" + lr + "],\"gradNorm\":" + norm +
                     "],\"entropy\":" + entropy + "],\"maxLogit\":" + max_logit +
                     "]},\"evaluations\":" + out.evaluations + ",\"search\":" + jsearch(t) +
                     ",\"betaReach\":" + jreach(f.config) + ",\"final\":{\"step\":" + std::to_string(out.steps) +
                     ",\"beta\":" + jnum(t.beta()) +
                     ",\"qkScale\":" + (t.qk_scale().empty() ? std::string("null") : jarray(t.qk_scale())) +
                     ",\"val\":" + jeval(out.val) +
                     ",\"test\":" + (f.test ? jeval(out.test) : "null") + "},\"timing\":{\"trainSeconds\":" +
                     jnum(out.train_seconds) + ",\"stepsPerSecond\":" + jnum(rate) + ",\"evalSeconds\":" +
                     jnum(out.eval_seconds) + ",\"cpuSeconds\":" + jnum(out.cpu_seconds) +
                     ",\"threads\":" + std::to_string(t.threads()) + ",\"shards\":" + std::to_string(t.shards()) +
                     ",\"vectorIsa\":" + jstr(asl::vector_isa()) + "}}\n";
  if (!write_file(f.json_path, json)) return 1;
  if (!f.csv_path.empty()) {
    std::string csv = "step,phase,probe,run_step,epoch,loss,beta,lr,grad_norm,entropy,max_logit\n";
    char line[320];
    for (const CurvePoint& p : out.curve) {
      std::snprintf(line, sizeof line, "%ld,%s,%d,%ld,%d,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", p.step, phase_name(p.phase),
                    p.probe, p.run_step, p.epoch, static_cast<double>(p.loss), static_cast<double>(p.beta), p.lr,
                    p.grad_norm, p.entropy, p.max_logit);
      csv += line;
    }
    if (!write_file(f.csv_path, csv)) return 1;
  }
  if (f.json_path != "-" && !f.quiet)
    std::printf("test: token accuracy %.4f, sequence accuracy %.4f; beta %.4g; %.1f steps/s\n",
                out.test.token_accuracy, out.test.sequence_accuracy, t.beta(), rate);
  return 0;
}

int cmd_dump(int argc, char** argv) {
  TrainingRun f;
  int code = 0;
  if (!flags(argc, argv, &f, &code)) return code;
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
  const auto tensors = parameter_layout(t.config().model);  // with QK-norm's or qk-layernorm's tensors
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
             ",\"beta\":" + jnum(betas[0]) + ",\"lr\":" + jnum(r.lr) + ",\"gradNorm\":" + jnum(r.grad_norm) +
             ",\"entropy\":" + jnum(r.attention_entropy) + ",\"maxLogit\":" + jnum(r.max_abs_logit) + "}";
  }
  steps += "]";
  const std::string json = "{\"command\":" + jstr(f.command_line) + ",\"config\":" + jconfig(f.config) +
                           ",\"runSteps\":" + std::to_string(t.total_steps()) + ",\"layout\":" + layout +
                           ",\"learnedBeta\":" + (f.config.beta_strategy == BetaStrategy::learned ? "true" : "false") +
                           ",\"initialBeta\":" + jnum(initial_beta) + ",\"initialParams\":" + initial +
                           ",\"steps\":" + steps + ",\"finalParams\":" + jarray(t.parameters()) + "}\n";
  return write_file(f.json_path, json) ? 0 : 1;
}

}  // namespace asl::cli
