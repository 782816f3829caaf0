// The training loop: batches from a seeded shuffle, forward and backward, clipping, Adam (PyTorch's update, bias
// corrections included), the learning-rate schedule, and the β strategies with source 003's search.
#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "../random.h"

namespace asl::training {
namespace {

constexpr std::uint64_t kShuffleStream = 3;
constexpr double kAdamBeta1 = 0.9, kAdamBeta2 = 0.999, kAdamEps = 1e-8;
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

int effective_batch(const TrainerConfig& c) { return std::min(c.batch_size, c.train_size); }
int steps_per_epoch_of(const TrainerConfig& c) { return std::max(1, c.train_size / effective_batch(c)); }
// β at the first step of a learned run: config.beta, else 1/√d_k.
double initial_beta(const TrainerConfig& c) {
  return c.beta != 0.0 ? c.beta : 1.0 / std::sqrt(static_cast<double>(c.model.d_k()));
}

// Higher validation token accuracy wins; then lower validation loss; then the earlier probe.
bool better(const Evaluation& a, const Evaluation& b) {
  if (a.token_accuracy != b.token_accuracy) return a.token_accuracy > b.token_accuracy;
  return a.loss < b.loss;
}

}  // namespace

const char* beta_strategy_name(BetaStrategy s) {
  switch (s) {
    case BetaStrategy::inverse_sqrt_dk: return "inverse-sqrt-dk";
    case BetaStrategy::fixed: return "fixed";
    case BetaStrategy::search: return "search";
    case BetaStrategy::dynamic: return "dynamic";
    case BetaStrategy::learned: return "learned";
  }
  return "?";
}

bool parse_beta_strategy(const std::string& name, BetaStrategy* out) {
  for (BetaStrategy s : {BetaStrategy::inverse_sqrt_dk, BetaStrategy::fixed, BetaStrategy::search,
                         BetaStrategy::dynamic, BetaStrategy::learned})
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

double workspace_floats(const TrainerConfig& c) {
  const double rows = static_cast<double>(effective_batch(c)) * c.model.L;
  const double per_row_d = c.model.kind == ModelKind::encoder ? 29.0 : 14.0;
  const double plane = static_cast<double>(effective_batch(c)) * c.model.n_heads * c.model.L * c.model.L;
  return rows * (per_row_d * c.model.d_model + 2.0 * c.model.R + 3.0) + 2.0 * plane;
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
        int_range("seed", static_cast<double>(c.seed), 0, 4294967295.0)})
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
  const double b1 = kAdamBeta1, b2 = kAdamBeta2, r = b1 * b1 / b2, n = static_cast<double>(t);
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

double SearchState::beta() const { return std::pow(10.0, best_log10); }
double SearchState::lo() const { return std::pow(10.0, lo_log10); }
double SearchState::hi() const { return std::pow(10.0, hi_log10); }

Trainer::Trainer(const TrainerConfig& config) : config_(config) {
  const ModelConfig& m = config.model;
  data_ = make_reversal_data(m.L, m.R, config.train_size, config.val_size, config.test_size, config.seed);
  batch_ = effective_batch(config);
  steps_per_epoch_ = steps_per_epoch_of(config);
  net_ = std::make_unique<Network<float>>(m, batch_);
  n_model_ = parameter_count(m);
  const std::size_t n = n_model_ + (config.beta_strategy == BetaStrategy::learned ? 1 : 0);
  params_.resize(n);
  grads_.resize(n);
  adam_m_.resize(n);
  adam_v_.resize(n);
  order_.resize(static_cast<std::size_t>(config.train_size));
  batch_inputs_.resize(static_cast<std::size_t>(batch_) * m.L);
  batch_targets_.resize(batch_inputs_.size());
  main_steps_ = static_cast<long>(config.epochs) * steps_per_epoch_;
  const double inv_sqrt_dk = 1.0 / std::sqrt(static_cast<double>(m.d_k()));
  switch (config.beta_strategy) {
    case BetaStrategy::inverse_sqrt_dk: start_run(inv_sqrt_dk, main_steps_); break;
    case BetaStrategy::fixed: start_run(config.beta, main_steps_); break;
    case BetaStrategy::learned: start_run(initial_beta(config), main_steps_); break;
    case BetaStrategy::dynamic: start_run(inv_sqrt_dk, main_steps_); break;  // replaced before the first step
    case BetaStrategy::search:
      phase_ = Phase::search;
      queue_.push_back(0.0);
      for (int k = 1; k <= config.search_powers; ++k) {
        queue_.push_back(k);
        queue_.push_back(-k);
      }
      start_run(std::pow(10.0, queue_.front()), probe_steps());
      break;
  }
}

Trainer::~Trainer() = default;

int Trainer::probe_epochs() const {
  return config_.probe_epochs > 0 ? config_.probe_epochs : (config_.epochs + 1) / 2;
}

// A fresh model from the seed (the same initial weights for every probe and for the main run), Adam's state zeroed.
void Trainer::start_run(double beta, long run_steps) {
  init_parameters(config_.model, config_.seed, params_.data());
  if (config_.beta_strategy == BetaStrategy::learned) params_[n_model_] = static_cast<float>(std::log(beta));
  std::fill(adam_m_.begin(), adam_m_.end(), 0.0f);
  std::fill(adam_v_.begin(), adam_v_.end(), 0.0f);
  beta_ = beta;
  run_step_ = 0;
  run_steps_ = run_steps;
}

long Trainer::planned_probe_count() const {
  if (config_.beta_strategy != BetaStrategy::search) return 0;
  long count = static_cast<long>(search_.probes.size()) + static_cast<long>(queue_.size());
  if (phase_ == Phase::search) {
    if (!stage1_done_) count += 2L * config_.search_iterations;
    else count += 2L * std::max(0, config_.search_iterations - rounds_done_ - (queue_.empty() ? 0 : 1));
  }
  return count;
}

long Trainer::total_steps() const {
  if (config_.beta_strategy != BetaStrategy::search) return main_steps_;
  return planned_probe_count() * probe_steps() + main_steps_ - probe_steps();
}

void Trainer::set_dynamic_beta(int batch) {
  const double var = net_->score_variance(params_.data(), batch_inputs_.data(), batch);
  if (std::isfinite(var) && var > 0.0)
    beta_ = std::clamp(1.0 / std::sqrt(var), TrainerLimits::min_beta, TrainerLimits::max_beta);
}

float Trainer::run_step(double* grad_norm, double* lr_out, double* beta_lr_out, float* used_beta) {
  const int L = config_.model.L;
  const long s = run_step_;
  const long k = s % steps_per_epoch_;
  if (k == 0) {  // a new epoch: the seeded Fisher–Yates shuffle of the training set
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
    Rng rng = Rng::stream(config_.seed, kShuffleStream, static_cast<std::uint64_t>(s / steps_per_epoch_));
    for (std::size_t i = order_.size(); i > 1; --i) {
      const std::size_t j = static_cast<std::size_t>(rng.uniform() * static_cast<double>(i));
      std::swap(order_[i - 1], order_[j]);
    }
  }
  for (int b = 0; b < batch_; ++b) {
    const std::size_t src = static_cast<std::size_t>(order_[static_cast<std::size_t>(k) * batch_ + b]) * L;
    std::copy_n(data_.train.inputs.data() + src, L, batch_inputs_.data() + static_cast<std::size_t>(b) * L);
    std::copy_n(data_.train.targets.data() + src, L, batch_targets_.data() + static_cast<std::size_t>(b) * L);
  }
  last_batch_size_ = batch_;
  const bool dynamic = config_.beta_strategy == BetaStrategy::dynamic;
  const bool learned = config_.beta_strategy == BetaStrategy::learned;
  if (dynamic && s == 0) set_dynamic_beta(batch_);

  const float beta = static_cast<float>(beta_);
  *used_beta = beta;
  const float loss = net_->forward(params_.data(), beta, batch_inputs_.data(), batch_targets_.data(), batch_);
  const float d_beta = net_->backward(params_.data(), beta, grads_.data());
  if (learned) grads_[n_model_] = beta * d_beta;  // β = exp(ln β): ∂loss/∂ln β = β·∂loss/∂β

  // Clipping as torch.nn.utils.clip_grad_norm_: g ← g·min(1, max_norm/(‖g‖ + 1e-6)).
  double sq = 0.0;
  for (float g : grads_) sq += static_cast<double>(g) * g;
  const double norm = std::sqrt(sq);
  *grad_norm = norm;
  if (config_.clip_norm > 0.0) {
    const double coef = std::min(1.0, config_.clip_norm / (norm + 1e-6));
    if (coef < 1.0) {
      const float c = static_cast<float>(coef);
      for (float& g : grads_) g *= c;
    }
  }
  // Adam as torch.optim.Adam (no weight decay): m ← β1·m + (1 − β1)·g, v ← β2·v + (1 − β2)·g²,
  // p ← p − (lr/(1 − β1^t))·m/(√v/√(1 − β2^t) + ε).
  const double factor = lr_factor(s, main_steps_, config_.warmup_steps);  // probes follow the full schedule
  const double lr = config_.lr * factor;
  *lr_out = lr;
  const double t = static_cast<double>(s + 1);
  const double bc1 = 1.0 - std::pow(kAdamBeta1, t), bc2_sqrt = std::sqrt(1.0 - std::pow(kAdamBeta2, t));
  const float b1 = static_cast<float>(kAdamBeta1), b2 = static_cast<float>(kAdamBeta2);
  const float one_b1 = static_cast<float>(1.0 - kAdamBeta1), one_b2 = static_cast<float>(1.0 - kAdamBeta2);
  const float eps = static_cast<float>(kAdamEps), bc2s = static_cast<float>(bc2_sqrt);
  const auto update = [&](std::size_t begin, std::size_t end, double rate) {
    const float step_size = static_cast<float>(rate / bc1);
    for (std::size_t i = begin; i < end; ++i) {
      const float g = grads_[i];
      adam_m_[i] = adam_m_[i] * b1 + g * one_b1;
      adam_v_[i] = adam_v_[i] * b2 + one_b2 * g * g;
      const float denom = std::sqrt(adam_v_[i]) / bc2s + eps;
      params_[i] += -step_size * (adam_m_[i] / denom);
    }
  };
  update(0, n_model_, lr);
  *beta_lr_out = 0.0;
  if (learned) {
    *beta_lr_out = (config_.beta_lr != 0.0 ? config_.beta_lr : config_.lr) * factor;
    update(n_model_, n_model_ + 1, *beta_lr_out);
    beta_ = std::exp(static_cast<double>(params_[n_model_]));
  }
  if (dynamic) set_dynamic_beta(batch_);
  ++run_step_;
  return loss;
}

// After the last probe of a round: the best probe so far (always inside the bracket, since the bracket is centred
// on it and only probes inside it follow) sets the next bracket, half as wide, and the next two probes at its quarter
// points. Probes already run are not repeated.
void Trainer::plan_next_probes() {
  while (queue_.empty()) {
    const SearchProbe* best = &search_.probes.front();
    for (const SearchProbe& p : search_.probes)
      if (better(p.val, best->val)) best = &p;
    search_.best_log10 = best->log10_beta;
    if (!stage1_done_) {
      stage1_done_ = true;
      search_.lo_log10 = std::max<double>(-config_.search_powers, best->log10_beta - 1);
      search_.hi_log10 = std::min<double>(config_.search_powers, best->log10_beta + 1);
    } else {
      const double w = search_.hi_log10 - search_.lo_log10;
      search_.lo_log10 = std::max(search_.lo_log10, best->log10_beta - w / 4);
      search_.hi_log10 = std::min(search_.hi_log10, best->log10_beta + w / 4);
      ++rounds_done_;
    }
    if (rounds_done_ >= config_.search_iterations) {
      search_.finished = true;
      return;
    }
    const double w = search_.hi_log10 - search_.lo_log10;
    for (double x : {search_.lo_log10 + w / 4, search_.lo_log10 + 3 * w / 4}) {
      bool seen = false;
      for (const SearchProbe& p : search_.probes) seen = seen || std::fabs(p.log10_beta - x) < 1e-9;
      if (!seen) queue_.push_back(x);
    }
  }
}

void Trainer::finish_probe() {
  SearchProbe probe;
  probe.log10_beta = queue_.front();
  probe.beta = std::pow(10.0, probe.log10_beta);
  probe.stage = stage1_done_ ? 2 : 1;
  probe.val = evaluate(Split::val);
  const bool best_so_far = search_.probes.empty() || [&] {
    for (const SearchProbe& p : search_.probes)
      if (!better(probe.val, p.val)) return false;
    return true;
  }();
  search_.probes.push_back(probe);
  queue_.erase(queue_.begin());
  if (best_so_far) {  // keep its state: the main run continues from it
    search_.best_log10 = probe.log10_beta;
    best_params_ = params_;
    best_m_ = adam_m_;
    best_v_ = adam_v_;
  }
  if (queue_.empty()) plan_next_probes();
  if (!search_.finished) {
    start_run(std::pow(10.0, queue_.front()), probe_steps());
    return;
  }
  // The best probe was the first probe_steps of a full run at its β: train it on to the end of the schedule.
  params_ = best_params_;
  adam_m_ = best_m_;
  adam_v_ = best_v_;
  beta_ = search_.beta();
  run_step_ = probe_steps();
  run_steps_ = main_steps_;
  phase_ = run_step_ >= run_steps_ ? Phase::done : Phase::train;
}

StepResult Trainer::step(int steps, std::vector<float>* losses, std::vector<float>* betas) {
  StepResult r;
  r.loss = std::numeric_limits<double>::quiet_NaN();
  double loss_sum = 0.0;
  for (int i = 0; i < steps && phase_ != Phase::done; ++i) {
    float used_beta = 0.0f;
    const float loss = run_step(&r.grad_norm, &r.lr, &r.beta_lr, &used_beta);
    r.epoch = static_cast<int>((run_step_ - 1) / steps_per_epoch_) + 1;
    r.run_step = run_step_;
    r.run_steps = run_steps_;
    ++steps_done_;
    ++r.steps_run;
    r.loss = loss;
    loss_sum += loss;
    if (losses) losses->push_back(loss);
    if (betas) betas->push_back(used_beta);
    if (run_step_ >= run_steps_) {
      if (phase_ == Phase::search) finish_probe();
      else phase_ = Phase::done;
    }
  }
  r.phase = phase_;
  r.probe = phase_ == Phase::search ? static_cast<int>(search_.probes.size()) : -1;
  if (r.steps_run == 0) {
    r.run_step = run_step_;
    r.run_steps = run_steps_;
    r.epoch = run_step_ > 0 ? static_cast<int>((run_step_ - 1) / steps_per_epoch_) + 1 : 0;
  }
  r.mean_loss = r.steps_run ? loss_sum / r.steps_run : std::numeric_limits<double>::quiet_NaN();
  r.step = steps_done_;
  r.total_steps = total_steps();
  r.beta = beta_;
  r.probe_count = static_cast<int>(planned_probe_count());
  return r;
}

Evaluation Trainer::evaluate(Split split) {
  const ReversalSet& set = data_.split(split);
  const int L = config_.model.L;
  double loss_sum = 0.0;
  long tokens = 0, sequences = 0;
  for (int start = 0; start < set.count; start += batch_) {
    const int n = std::min(batch_, set.count - start);
    const std::size_t offset = static_cast<std::size_t>(start) * L;
    const float loss = net_->forward(params_.data(), static_cast<float>(beta_), set.inputs.data() + offset,
                                     set.targets.data() + offset, n);
    loss_sum += static_cast<double>(loss) * n * L;
    long t = 0, q = 0;
    net_->predict(n, set.targets.data() + offset, nullptr, &t, &q);
    tokens += t;
    sequences += q;
  }
  Evaluation e;
  e.count = set.count;
  e.token_accuracy = static_cast<double>(tokens) / (static_cast<double>(set.count) * L);
  e.sequence_accuracy = static_cast<double>(sequences) / set.count;
  e.loss = loss_sum / (static_cast<double>(set.count) * L);
  return e;
}

void Trainer::attention_for(int index, std::vector<float>& weights, std::vector<Token>& predicted) {
  const int L = config_.model.L, H = config_.model.n_heads;
  const std::size_t offset = static_cast<std::size_t>(index) * L;
  net_->forward(params_.data(), static_cast<float>(beta_), data_.val.inputs.data() + offset,
                data_.val.targets.data() + offset, 1);
  weights.assign(net_->attention_weights(), net_->attention_weights() + static_cast<std::size_t>(H) * L * L);
  predicted.resize(static_cast<std::size_t>(L));
  net_->predict(1, data_.val.targets.data() + offset, predicted.data(), nullptr, nullptr);
}

}  // namespace asl::training
