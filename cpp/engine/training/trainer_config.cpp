// The training lab's configuration: strategy names, the limits and check_config's messages, the size of the
// workspace, the learning-rate schedule and how far Adam can move a learned β. No training happens here.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "trainer.h"

namespace asl::training {
namespace {

constexpr double kPi = 3.14159265358979323846;

std::string num(double x) {
  if (std::isnan(x)) return "NaN";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string int_range(const char* name, double value, double lo, double hi) {
  if (value >= lo && value <= hi) return "";
  return std::string(name) + " = " + num(value) + " is out of range: allowed an integer from " + num(lo) + " to " +
         num(hi);
}

std::string real_range(const char* name, double value, double lo, double hi, bool open_lo = false) {
  if (std::isfinite(value) && (open_lo ? value > lo : value >= lo) && value <= hi) return "";
  return std::string(name) + " = " + num(value) + " is out of range: allowed a number " +
         (open_lo ? "above " : "from ") + num(lo) + (open_lo ? " up to " : " to ") + num(hi);
}

}  // namespace

int effective_batch(const TrainerConfig& c) { return std::min(c.batch_size, c.train_size); }
int steps_per_epoch_of(const TrainerConfig& c) { return std::max(1, c.train_size / effective_batch(c)); }
double initial_beta(const TrainerConfig& c) {
  return c.beta != 0.0 ? c.beta : 1.0 / std::sqrt(static_cast<double>(c.model.d_k()));
}

const char* beta_strategy_name(BetaStrategy s) {
  switch (s) {
    case BetaStrategy::inverse_sqrt_dk: return "inverse-sqrt-dk";
    case BetaStrategy::fixed: return "fixed";
    case BetaStrategy::search: return "search";
    case BetaStrategy::dynamic: return "dynamic";
    case BetaStrategy::learned: return "learned";
    case BetaStrategy::qk_norm: return "qk-norm";
    case BetaStrategy::qk_layernorm: return "qk-layernorm";
  }
  return "?";
}

bool parse_beta_strategy(const std::string& name, BetaStrategy* out) {
  for (BetaStrategy s : {BetaStrategy::inverse_sqrt_dk, BetaStrategy::fixed, BetaStrategy::search,
                         BetaStrategy::dynamic, BetaStrategy::learned, BetaStrategy::qk_norm,
                         BetaStrategy::qk_layernorm})
    if (name == beta_strategy_name(s)) {
      *out = s;
      return true;
    }
  return false;
}

bool parse_model_kind(const std::string& name, ModelKind* out) {
  if (name == "encoder") *out = ModelKind::encoder;
  else if (name == "attention") *out = ModelKind::attention;
  else return false;
  return true;
}

const char* phase_name(Phase p) { return p == Phase::search ? "search" : p == Phase::train ? "train" : "done"; }

QkNorm qk_norm_for(BetaStrategy s) {
  return s == BetaStrategy::qk_norm ? QkNorm::l2 : s == BetaStrategy::qk_layernorm ? QkNorm::layer : QkNorm::none;
}

double workspace_floats(const TrainerConfig& c) {
  const double rows = static_cast<double>(effective_batch(c)) * c.model.L;
  const QkNorm qk = qk_norm_for(c.beta_strategy);
  const double per_row_d = (c.model.kind == ModelKind::encoder ? 29.0 : 14.0) +
                           (qk == QkNorm::layer ? 6.0 : qk == QkNorm::l2 ? 4.0 : 0.0);
  const double plane = static_cast<double>(effective_batch(c)) * c.model.n_heads * c.model.L * c.model.L;
  return rows * (per_row_d * c.model.d_model + 2.0 * c.model.R + 3.0) + 2.0 * plane;
}

double trainer_memory_bytes(const TrainerConfig& c) {
  const ModelConfig& m = c.model;
  const int batch = effective_batch(c);
  const int shards = std::min(kShards, batch);
  // Every shard's Network is sized for the largest shard; workspace_floats counts what grows with its rows, the
  // rest is QK-norm's per-head statistics, four L×L scratch planes and the positional encoding.
  TrainerConfig shard = c;
  shard.batch_size = shard.train_size = (batch + shards - 1) / shards;
  const double rows = static_cast<double>(shard.batch_size) * m.L;
  const double network = workspace_floats(shard) + rows * 2.0 * m.n_heads + 4.0 * m.L * m.L + static_cast<double>(m.L) * m.d_model;
  const double n = static_cast<double>(parameter_count(m)) + 1.0;
  // parameters, gradients, Adam's m and v; the other shards' gradients; the search's best parameters, m and v
  const double parameters = (4.0 + (shards - 1)) * n + (c.beta_strategy == BetaStrategy::search ? 3.0 * n : 0.0);
  const double sets = (static_cast<double>(c.train_size) + c.val_size + c.test_size) * m.L;
  const double tokens = 2.0 * sets + 2.0 * batch * m.L;  // inputs and targets of the data, and of one batch
  const double bytes = sizeof(float) * (shards * network + parameters) + sizeof(Token) * tokens +
                       sizeof(int) * static_cast<double>(c.train_size);  // the shuffled order
  return 1.02 * bytes + 1048576.0;  // allocator overhead, the Trainer and its small vectors
}

std::string check_config(const TrainerConfig& c, double max_workspace_floats) {
  using Lim = TrainerLimits;
  const ModelConfig& m = c.model;
  for (const std::string& e :
       {int_range("L", m.L, 2, Lim::max_L), int_range("R", m.R, 2, Lim::max_R),
        int_range("dModel", m.d_model, 1, Lim::max_d_model), int_range("heads", m.n_heads, 1, Lim::max_heads),
        int_range("trainSize", c.train_size, 1, Lim::max_set), int_range("valSize", c.val_size, 1, Lim::max_set),
        int_range("testSize", c.test_size, 1, Lim::max_set), int_range("batchSize", c.batch_size, 1, Lim::max_batch),
        int_range("epochs", c.epochs, 1, Lim::max_epochs), int_range("warmupSteps", c.warmup_steps, 0, Lim::max_warmup),
        real_range("lr", c.lr, 0, 1, true), real_range("clipNorm", c.clip_norm, 0, 1e6),
        int_range("searchPowers", c.search_powers, 0, Lim::max_search_powers),
        int_range("searchIterations", c.search_iterations, 0, Lim::max_search_iterations),
        int_range("probeEpochs", c.probe_epochs, 0, Lim::max_probe_epochs),
        int_range("seed", static_cast<double>(c.seed), 0, 4294967295.0),
        int_range("threads", c.threads, 0, Lim::max_threads)})
    if (!e.empty()) return e;
  if (m.d_model % m.n_heads != 0) {
    std::string divisors;
    for (int h = 1; h <= std::min(m.d_model, Lim::max_heads); ++h)
      if (m.d_model % h == 0) divisors += (divisors.empty() ? "" : ", ") + std::to_string(h);
    return "heads = " + std::to_string(m.n_heads) + " does not divide dModel = " + std::to_string(m.d_model) +
           ": allowed heads are " + divisors;
  }
  const std::string strategy = std::string("betaStrategy = \"") + beta_strategy_name(c.beta_strategy) + "\"";
  if (c.beta_strategy == BetaStrategy::fixed && c.beta == 0.0)
    return "beta is missing: " + strategy + " needs a value from 0.0001 to 10000";
  if (c.beta != 0.0) {
    if (c.beta_strategy != BetaStrategy::fixed && c.beta_strategy != BetaStrategy::learned)
      return "beta is not allowed with " + strategy + ": only \"fixed\" and \"learned\" take a β";
    const std::string e = real_range("beta", c.beta, Lim::min_beta, Lim::max_beta);
    if (!e.empty()) return e;
  }
  if (c.beta_lr != 0.0) {
    if (c.beta_strategy != BetaStrategy::learned)
      return "betaLr is not allowed with " + strategy + ": only \"learned\" trains β";
    const std::string e = real_range("betaLr", c.beta_lr, 0, 1, true);
    if (!e.empty()) return e;
  }
  const double tokens = (static_cast<double>(c.train_size) + c.val_size + c.test_size) * m.L;
  if (tokens > Lim::max_tokens)
    return "(trainSize + valSize + testSize)·L = " + num(tokens) + " is too large: allowed at most " +
           num(Lim::max_tokens);
  const double work = workspace_floats(c);
  if (work > max_workspace_floats)
    return "batchSize = " + std::to_string(c.batch_size) + " needs " + num(std::ceil(work)) +
           " floats of workspace at L = " + std::to_string(m.L) + ", dModel = " + std::to_string(m.d_model) +
           ", R = " + std::to_string(m.R) + ": allowed at most " + num(max_workspace_floats) +
           "; use a smaller batchSize";
  if (c.probe_epochs > c.epochs)
    return "probeEpochs = " + std::to_string(c.probe_epochs) + " is larger than epochs = " + std::to_string(c.epochs) +
           ": a probe is the start of a full run";
  double steps = static_cast<double>(c.epochs) * steps_per_epoch_of(c);
  if (c.beta_strategy == BetaStrategy::search)
    steps += (2.0 * c.search_powers + 2.0 * c.search_iterations) * c.epochs * steps_per_epoch_of(c);
  if (steps > Lim::max_steps)
    return "the run would take " + num(steps) + " steps: allowed at most " + num(Lim::max_steps) +
           " (fewer epochs or a larger batchSize)";
  return "";
}

double lr_factor(long s, long total, int warmup) {
  const long w = std::min<long>(warmup, total / 2);
  if (s < w) return static_cast<double>(s + 1) / static_cast<double>(w);
  return 0.5 * (1.0 + std::cos(kPi * static_cast<double>(s - w + 1) / static_cast<double>(total - w + 1)));
}

double adam_step_limit(long t) {
  const double b1 = Adam::beta1, b2 = Adam::beta2, r = b1 * b1 / b2, n = static_cast<double>(t);
  const double sum_a2_over_b = (1.0 - b1) * (1.0 - b1) / (1.0 - b2) * (1.0 - std::pow(b2, n)) /
                               ((1.0 - std::pow(b1, n)) * (1.0 - std::pow(b1, n))) * (1.0 - std::pow(r, n)) / (1.0 - r);
  return std::sqrt(sum_a2_over_b);
}

LearnedBetaReach learned_beta_reach(const TrainerConfig& c) {
  LearnedBetaReach r;
  if (c.beta_strategy != BetaStrategy::learned) return r;
  const double rate = c.beta_lr != 0.0 ? c.beta_lr : c.lr;
  const long total = static_cast<long>(c.epochs) * steps_per_epoch_of(c);
  double limit_sum = 0.0;
  for (long s = 0; s < total; ++s) {
    const double lr = rate * lr_factor(s, total, c.warmup_steps);
    r.lr_sum += lr;
    limit_sum += adam_step_limit(s + 1) * lr;
  }
  r.initial_beta = initial_beta(c);
  r.ceiling = r.initial_beta * std::exp(r.lr_sum);
  r.bound = r.initial_beta * std::exp(limit_sum);
  return r;
}

}  // namespace asl::training
