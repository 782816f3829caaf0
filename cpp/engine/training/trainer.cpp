// The training loop: batches from a seeded shuffle, forward and backward of the batch's shards (ShardRunner),
// clipping, Adam (PyTorch's update, bias corrections included), the learning-rate schedule, and the β strategies
// with source 003's search. Configuration checks and the schedule's formulas are in trainer_config.cpp.
#include "trainer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "../random.h"

namespace asl::training {
namespace {

constexpr std::uint64_t kShuffleStream = 3;

// Higher validation token accuracy wins; then lower validation loss; then the earlier probe.
bool better(const Evaluation& a, const Evaluation& b) {
  if (a.token_accuracy != b.token_accuracy) return a.token_accuracy > b.token_accuracy;
  return a.loss < b.loss;
}

}  // namespace

double SearchState::beta() const { return std::pow(10.0, best_log10); }
double SearchState::lo() const { return std::pow(10.0, lo_log10); }
double SearchState::hi() const { return std::pow(10.0, hi_log10); }

Trainer::Trainer(const TrainerConfig& config) : Trainer(config, true) {}

Trainer::Trainer(const TrainerConfig& config, DescriptionOnly) : Trainer(config, false) {}

Trainer::Trainer(const TrainerConfig& config, bool build) : config_(config) {
  config_.model.qk_norm = qk_norm_for(config.beta_strategy);
  const ModelConfig& m = config_.model;
  batch_ = effective_batch(config);
  steps_per_epoch_ = steps_per_epoch_of(config);
  n_model_ = parameter_count(m);
  if (m.qk_norm == QkNorm::l2) qk_scale_offset_ = parameter_layout(m).back().offset;
  const std::size_t n = n_model_ + (config.beta_strategy == BetaStrategy::learned ? 1 : 0);
  params_.resize(n);  // a description keeps the initial parameters too: QK-norm reports the mean g_h as β
  if (build) {
    data_ = make_reversal_data(m.L, m.R, config.train_size, config.val_size, config.test_size, config.seed);
    const int shards = std::min(kShards, batch_);
    // Every network is sized for shard 0, the largest: ⌈batch/shards⌉ sequences. (shard_part divides by
    // nets_.size(), so it cannot be asked while nets_ is being filled: the first network was once sized for the
    // whole batch.)
    const int largest = (batch_ + shards - 1) / shards;
    for (int s = 0; s < shards; ++s) nets_.push_back(std::make_unique<Network<float>>(m, largest));
    runner_ = std::make_unique<ShardRunner>(shard_threads(config.threads, shards));
    for (int s = 1; s < shards; ++s) shard_grads_.emplace_back(n_model_);
    grads_.resize(n);
    adam_m_.resize(n);
    adam_v_.resize(n);
    order_.resize(static_cast<std::size_t>(config.train_size));
    batch_inputs_.resize(static_cast<std::size_t>(batch_) * m.L);
    batch_targets_.resize(batch_inputs_.size());
  }
  main_steps_ = static_cast<long>(config.epochs) * steps_per_epoch_;
  const double inv_sqrt_dk = 1.0 / std::sqrt(static_cast<double>(m.d_k()));
  switch (config.beta_strategy) {
    case BetaStrategy::inverse_sqrt_dk: start_run(inv_sqrt_dk, main_steps_); break;
    case BetaStrategy::fixed: start_run(config.beta, main_steps_); break;
    case BetaStrategy::learned: start_run(initial_beta(config), main_steps_); break;
    case BetaStrategy::dynamic: start_run(inv_sqrt_dk, main_steps_); break;  // replaced before the first step
    case BetaStrategy::qk_layernorm: start_run(inv_sqrt_dk, main_steps_); break;
    case BetaStrategy::qk_norm: start_run(1.0, main_steps_); break;  // β unused: the g_h scale the scores
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
  refresh_reported_beta();
  run_step_ = 0;
  run_steps_ = run_steps;
}

void Trainer::shard_part(int n, int s, int* first, int* count) const {
  const int shards = static_cast<int>(nets_.size());
  const int head = (n + shards - 1) / shards;  // shard 0's share; the others split the rest evenly
  if (s == 0) {
    *first = 0;
    *count = std::min(n, head);
    return;
  }
  const int rest = n - head, others = shards - 1;
  const int base = rest / others, extra = rest % others;
  *first = head + (s - 1) * base + std::min(s - 1, extra);
  *count = std::max(0, base + (s - 1 < extra ? 1 : 0));
}

// QK-norm reports the mean of its g_h as β.
void Trainer::refresh_reported_beta() {
  if (config_.beta_strategy != BetaStrategy::qk_norm) return;
  double sum = 0.0;
  for (int h = 0; h < config_.model.n_heads; ++h) sum += params_[qk_scale_offset_ + h];
  beta_ = sum / config_.model.n_heads;
}

std::vector<double> Trainer::qk_scale() const {
  if (config_.beta_strategy != BetaStrategy::qk_norm) return {};
  return std::vector<double>(params_.begin() + static_cast<long>(qk_scale_offset_),
                             params_.begin() + static_cast<long>(qk_scale_offset_) + config_.model.n_heads);
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

// β = 1/sd of the batch's raw scores: each shard computes its own, then the two-pass variance runs over the shards in
// order, which is the order of the whole batch's scores.
void Trainer::set_dynamic_beta(int batch) {
  const int L = config_.model.L;
  std::size_t counts[kShards] = {};
  auto scores = [&](int sh) {
    int first = 0, count = 0;
    shard_part(batch, sh, &first, &count);
    if (count > 0)
      counts[sh] = nets_[sh]->compute_raw_scores(params_.data(), batch_inputs_.data() + static_cast<long>(first) * L,
                                                 count);
  };
  runner_->run(static_cast<int>(nets_.size()), scores);
  double mean = 0.0, var = 0.0;
  std::size_t n = 0;
  for (std::size_t sh = 0; sh < nets_.size(); ++sh) {
    for (std::size_t i = 0; i < counts[sh]; ++i) mean += static_cast<double>(nets_[sh]->raw_scores()[i]);
    n += counts[sh];
  }
  mean /= static_cast<double>(n);
  for (std::size_t sh = 0; sh < nets_.size(); ++sh)
    for (std::size_t i = 0; i < counts[sh]; ++i) {
      const double x = nets_[sh]->raw_scores()[i] - mean;
      var += x * x;
    }
  var /= static_cast<double>(n);
  if (std::isfinite(var) && var > 0.0)
    beta_ = std::clamp(1.0 / std::sqrt(var), TrainerLimits::min_beta, TrainerLimits::max_beta);
}

float Trainer::run_step(double* grad_norm, double* lr_out, double* beta_lr_out, float* used_beta,
                        AttentionStats* stats) {
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
  // Forward and backward of each shard (in parallel natively); each shard's backward divides by the whole batch's
  // rows, so their gradients add up to the batch's. Shard 0 writes into grads_, the others into their own.
  double shard_loss[kShards] = {}, shard_d_beta[kShards] = {};
  const long total_rows = static_cast<long>(batch_) * L;
  auto pass = [&](int sh) {
    int first = 0, count = 0;
    shard_part(batch_, sh, &first, &count);
    float* g = sh == 0 ? grads_.data() : shard_grads_[static_cast<std::size_t>(sh - 1)].data();
    if (count == 0) {
      std::fill_n(g, n_model_, 0.0f);
      return;
    }
    const long offset = static_cast<long>(first) * L;
    Network<float>& net = *nets_[static_cast<std::size_t>(sh)];
    shard_loss[sh] = static_cast<double>(net.forward(params_.data(), beta, batch_inputs_.data() + offset,
                                                     batch_targets_.data() + offset, count)) * count;
    shard_d_beta[sh] = net.backward(params_.data(), beta, g, total_rows);
  };
  runner_->run(static_cast<int>(nets_.size()), pass);
  double loss_sum = 0.0, d_beta = 0.0;
  *stats = AttentionStats();
  for (std::size_t sh = 0; sh < nets_.size(); ++sh) {
    loss_sum += shard_loss[sh];
    d_beta += shard_d_beta[sh];
    if (sh > 0) {
      const float* g = shard_grads_[sh - 1].data();
      for (std::size_t i = 0; i < n_model_; ++i) grads_[i] += g[i];
    }
    const AttentionStats& a = nets_[sh]->attention_stats();
    stats->entropy_sum += a.entropy_sum;
    stats->rows += a.rows;
    stats->max_abs_logit = std::max(stats->max_abs_logit, a.max_abs_logit);
  }
  const float loss = static_cast<float>(loss_sum / batch_);
  if (learned) grads_[n_model_] = static_cast<float>(beta * d_beta);  // β = exp(ln β): ∂loss/∂ln β = β·∂loss/∂β

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
  const double bc1 = 1.0 - std::pow(Adam::beta1, t), bc2_sqrt = std::sqrt(1.0 - std::pow(Adam::beta2, t));
  const float b1 = static_cast<float>(Adam::beta1), b2 = static_cast<float>(Adam::beta2);
  const float one_b1 = static_cast<float>(1.0 - Adam::beta1), one_b2 = static_cast<float>(1.0 - Adam::beta2);
  const float eps = static_cast<float>(Adam::eps), bc2s = static_cast<float>(bc2_sqrt);
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
  refresh_reported_beta();
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

StepResult Trainer::step(int steps, std::vector<float>* losses, std::vector<float>* betas,
                         std::vector<float>* entropies, std::vector<float>* max_logits) {
  StepResult r;
  r.loss = std::numeric_limits<double>::quiet_NaN();
  r.attention_entropy = r.max_abs_logit = std::numeric_limits<double>::quiet_NaN();
  double loss_sum = 0.0;
  for (int i = 0; i < steps && phase_ != Phase::done; ++i) {
    float used_beta = 0.0f;
    AttentionStats stats;
    const float loss = run_step(&r.grad_norm, &r.lr, &r.beta_lr, &used_beta, &stats);
    r.attention_entropy = stats.mean_entropy();
    r.max_abs_logit = stats.max_abs_logit;
    if (entropies) entropies->push_back(static_cast<float>(r.attention_entropy));
    if (max_logits) max_logits->push_back(static_cast<float>(r.max_abs_logit));
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
  r.qk_scale = qk_scale();
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
    double shard_loss[kShards] = {};
    long shard_tokens[kShards] = {}, shard_sequences[kShards] = {};
    auto pass = [&](int sh) {
      int first = 0, count = 0;
      shard_part(n, sh, &first, &count);
      if (count == 0) return;
      const std::size_t offset = static_cast<std::size_t>(start + first) * L;
      Network<float>& net = *nets_[static_cast<std::size_t>(sh)];
      const float loss = net.forward(params_.data(), static_cast<float>(beta_), set.inputs.data() + offset,
                                     set.targets.data() + offset, count);
      shard_loss[sh] = static_cast<double>(loss) * count * L;
      net.predict(count, set.targets.data() + offset, nullptr, &shard_tokens[sh], &shard_sequences[sh]);
    };
    runner_->run(static_cast<int>(nets_.size()), pass);
    for (std::size_t sh = 0; sh < nets_.size(); ++sh) {
      loss_sum += shard_loss[sh];
      tokens += shard_tokens[sh];
      sequences += shard_sequences[sh];
    }
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
  Network<float>& net = *nets_.front();
  net.forward(params_.data(), static_cast<float>(beta_), data_.val.inputs.data() + offset,
              data_.val.targets.data() + offset, 1);
  weights.assign(net.attention_weights(), net.attention_weights() + static_cast<std::size_t>(H) * L * L);
  predicted.resize(static_cast<std::size_t>(L));
  net.predict(1, data_.val.targets.data() + offset, predicted.data(), nullptr, nullptr);
}

}  // namespace asl::training
