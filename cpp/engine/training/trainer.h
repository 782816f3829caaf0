// The training lab's experiment: reversal data, a model, Adam with warm-up and cosine decay, gradient-norm clipping,
// and one of seven ways to set the attention's inverse temperature (source 003, sections 2–3; QK-norm and
// qk-layernorm). Everything is decided by the config and its seed: the same config gives the same loss curve, on one
// thread or two (natively each batch is cut into two fixed shards whose gradients are summed in order). Float only;
// no I/O. A Trainer advances in steps, so a caller (the page's worker, the CLI) can report progress between them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model.h"
#include "parallel.h"
#include "reversal_task.h"

namespace asl::training {

enum class BetaStrategy {
  inverse_sqrt_dk,  // β = 1/√d_k, fixed
  fixed,            // β = config.beta, fixed
  search,           // source 003's search: β = 10^k for k = 0, 1, −1, …, ±N, then bisection on validation
                    // accuracy. Each probe is the first probe_epochs of the full run at that β (same initial weights,
                    // batches and schedule); the best probe then trains on to the end of the schedule.
  dynamic,          // before the first step and after every step, β = 1/sd(q·kᵀ) over the batch, so β·q·kᵀ has
                    // unit variance
  learned,          // ln β is a parameter, trained with the others (initial β = config.beta, else 1/√d_k)
  qk_norm,          // QK-norm (Henry et al. 2020): q and k L2-normalised per head, logits g_h·q̂·k̂ with g_h a parameter
                    // per head, trained with the others from log2(L² − L); β reports the mean of the g_h
  qk_layernorm,     // qk-layernorm (ViT-22B): LayerNorm of q and k over d_k with learned gains, then β = 1/√d_k
};

// "inverse-sqrt-dk" | "fixed" | "search" | "dynamic" | "learned" | "qk-norm" | "qk-layernorm"
const char* beta_strategy_name(BetaStrategy strategy);
// What a strategy does to q and k before their scores (ModelConfig::qk_norm; the Trainer sets it).
QkNorm qk_norm_for(BetaStrategy strategy);
bool parse_beta_strategy(const std::string& name, BetaStrategy* out);
bool parse_model_kind(const std::string& name, ModelKind* out);  // "encoder" | "attention"

struct TrainerConfig {
  ModelConfig model;  // kind, L, R, d_model, n_heads
  int train_size = 15000, val_size = 1000, test_size = 10000;
  BetaStrategy beta_strategy = BetaStrategy::inverse_sqrt_dk;
  double beta = 0.0;  // fixed: the value (required); learned: the initial value (0: 1/√d_k); otherwise unused (0)
  double lr = 5e-4;
  double beta_lr = 0.0;  // learned: Adam's learning rate for ln β (0: the same as lr)
  int batch_size = 128;
  int epochs = 10;
  int warmup_steps = 50;
  double clip_norm = 5.0;  // 0: no clipping
  std::uint64_t seed = 1;
  int search_powers = 2;      // search: N, the first probes are β = 10^k for |k| <= N
  int search_iterations = 3;  // search: bisection rounds (two probes each); the bracket halves in each
  int probe_epochs = 0;       // search: epochs of one probe, at most `epochs` (0: ⌈epochs/2⌉)
  int threads = 0;            // threads for the shards (0: one per core, at most 2; always 1 in WebAssembly). The
                              // results do not depend on it.
};

// Every batch is cut into this many shards (fewer for a batch of one), on every platform and whatever the thread
// count, so the gradient's summation order, and with it every result, depends on the config alone.
constexpr int kShards = 2;

// Adam's constants (PyTorch's defaults).
struct Adam {
  static constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
};
// The batch a config trains with (batchSize, at most trainSize), its optimizer steps per epoch, and a learned β's
// first value (config.beta, else 1/√d_k).
int effective_batch(const TrainerConfig& config);
int steps_per_epoch_of(const TrainerConfig& config);
double initial_beta(const TrainerConfig& config);

// The limits every caller enforces (the bindings with the same numbers and messages).
struct TrainerLimits {
  static constexpr int max_L = 256, max_R = 1000, max_d_model = 512, max_heads = 64;
  static constexpr int max_set = 100000, max_batch = 1024, max_epochs = 1000, max_warmup = 100000;
  static constexpr int max_search_powers = 4, max_search_iterations = 10, max_probe_epochs = 100, max_threads = 64;
  static constexpr double min_beta = 1e-4, max_beta = 1e4;
  static constexpr double max_tokens = 33554432.0;  // (train + val + test)·L
  static constexpr double max_steps = 1e7;          // epochs · steps per epoch, plus the search's probes
};

// "" when the config can run, else a message naming the option (as the JavaScript API spells it), its value and what
// is allowed. max_workspace_floats bounds the model's activations (the page passes less than the CLI).
std::string check_config(const TrainerConfig& config, double max_workspace_floats);
// The floats a Network for this config allocates (activations, gradients, scratch) at its batch size.
double workspace_floats(const TrainerConfig& config);
// The bytes a Trainer for this config allocates over its life: the data, one Network per shard, the parameters with
// their gradients and Adam's moments, the search's saved state. A little above what it uses (allocator overhead
// included), so a caller can refuse a config that cannot fit before anything is allocated.
double trainer_memory_bytes(const TrainerConfig& config);

// Learning-rate factor of step s (0-based) of a run of `total` steps: linear warm-up over W = min(warmup, ⌊total/2⌋)
// steps, (s + 1)/W, then ½·(1 + cos(π·(s − W + 1)/(total − W + 1))), which falls towards 0 at the end of the run.
double lr_factor(long s, long total, int warmup);

// How far Adam can move a learned β in one run (the page prints it). lr_β(t) = betaLr·lr_factor(t), or lr·lr_factor(t)
// when betaLr is 0, over the main run's steps t. Adam moves ln β by lr_β(t)·m̂_t/(√v̂_t + ε) at step t: by lr_β(t)
// while the gradient keeps its sign and size, by less when it wavers, by up to adam_step_limit(t)·lr_β(t) when it
// keeps growing (the long average v̂ then lags behind m̂).
struct LearnedBetaReach {
  double initial_beta = 0.0;  // β at the first step
  double lr_sum = 0.0;        // Σ_t lr_β(t) over the whole schedule
  double ceiling = 0.0;  // initial_beta·e^lr_sum: where β ends if every step raises ln β by its learning rate
  double bound = 0.0;    // initial_beta·e^(Σ_t adam_step_limit(t)·lr_β(t)): no gradients take β past it
};
// For betaStrategy learned; any other strategy gives zeros (β is not trained).
LearnedBetaReach learned_beta_reach(const TrainerConfig& config);
// The most |m̂_t|/√v̂_t can be at Adam step t (1-based, β1 = 0.9, β2 = 0.999), over every gradient sequence: by
// Cauchy–Schwarz, √(Σ_k a_k²/b_k) with m̂_t = Σ_k a_k·g_(t−k) and v̂_t = Σ_k b_k·g_(t−k)². 1 at t = 1, about 7.27 late.
double adam_step_limit(long t);

struct Evaluation {
  double token_accuracy = 0.0;     // positions equal to the target / all positions
  double sequence_accuracy = 0.0;  // sequences whose every position is right / sequences
  double loss = 0.0;               // mean cross-entropy per position
  long count = 0;                  // sequences
};

struct SearchProbe {
  double log10_beta = 0.0, beta = 1.0;
  int stage = 1;  // 1: a power of ten, 2: bisection
  Evaluation val;
};

struct SearchState {
  bool finished = false;
  std::vector<SearchProbe> probes;      // in the order they ran
  double best_log10 = 0.0;              // the best probe so far
  double lo_log10 = 0.0, hi_log10 = 0.0;  // the bracket (after the powers of ten)
  double beta() const;
  double lo() const;
  double hi() const;
};

enum class Phase { search, train, done };
const char* phase_name(Phase phase);

struct StepResult {
  int steps_run = 0;        // optimizer steps this call
  double loss = 0.0;        // of the last step (NaN if none ran)
  double mean_loss = 0.0;   // over this call's steps
  long step = 0;            // steps done so far, search probes included
  long total_steps = 0;     // all steps this trainer will run (may shrink during a search if a probe repeats)
  long run_step = 0, run_steps = 0;  // within the run of the last step (a probe or the main run), after it
  int epoch = 0;            // 1-based epoch of the current run that the last step belonged to
  double beta = 0.0;        // β the next step will use (QK-norm: the mean of its g_h)
  double lr = 0.0;          // learning rate of the last step
  double beta_lr = 0.0;     // learned β: the learning rate of ln β at the last step (else 0)
  double grad_norm = 0.0;   // gradient norm of the last step, before clipping
  double attention_entropy = 0.0;  // the last step's attention rows (its whole batch, every head): mean entropy, nats
  double max_abs_logit = 0.0;      // the largest |logit| among them (the score after its scale, before the softmax)
  std::vector<double> qk_scale;    // QK-norm: g_h of each head after this call (else empty)
  Phase phase = Phase::train;  // after this call: search, train or done
  int probe = -1;           // search phase: index of the probe that runs next
  int probe_count = 0;      // search: probes planned so far (done + queued + the remaining rounds' two each)
};

class Trainer {
 public:
  explicit Trainer(const TrainerConfig& config);  // config must pass check_config
  // Only what describes the run: the configuration, step counts, parameter count and β at the first step. No data,
  // network or optimiser state is built, so such a trainer must never step, evaluate or attend (describeTrainer
  // answers with one and frees it).
  struct DescriptionOnly {};
  Trainer(const TrainerConfig& config, DescriptionOnly);
  ~Trainer();
  Trainer(const Trainer&) = delete;
  Trainer& operator=(const Trainer&) = delete;

  // Runs up to `steps` optimizer steps (fewer when training ends); appends each step's loss, the β it used, its
  // attention entropy and its largest |logit| (StepResult) to the vectors given.
  StepResult step(int steps, std::vector<float>* losses = nullptr, std::vector<float>* betas = nullptr,
                  std::vector<float>* entropies = nullptr, std::vector<float>* max_logits = nullptr);
  // The current model on a whole split, in batches of batch_size; the training state is unchanged.
  Evaluation evaluate(Split split);
  // Attention weights (n_heads, L, L) of validation example `index` under the current model, its prediction (L).
  void attention_for(int index, std::vector<float>& weights, std::vector<Token>& predicted);

  const TrainerConfig& config() const { return config_; }
  const ReversalData& data() const { return data_; }
  Phase phase() const { return phase_; }
  double beta() const { return beta_; }
  long steps_done() const { return steps_done_; }
  long total_steps() const;
  int steps_per_epoch() const { return steps_per_epoch_; }
  int probe_epochs() const;  // search: epochs of one probe (config.probe_epochs, or ⌈epochs/2⌉ when it is 0)
  const SearchState& search() const { return search_; }
  // QK-norm: the current g_h of each head (else empty).
  std::vector<double> qk_scale() const;
  int shards() const { return static_cast<int>(nets_.size()); }
  int threads() const { return runner_->threads(); }
  std::size_t model_parameter_count() const { return n_model_; }
  // The flat parameters (parameter_layout order), with ln β appended when β is learned.
  const std::vector<float>& parameters() const { return params_; }
  // The inputs (batch, L) of the last step and their number of sequences.
  const std::vector<Token>& last_batch() const { return batch_inputs_; }
  int last_batch_size() const { return last_batch_size_; }

 private:
  Trainer(const TrainerConfig& config, bool build);
  void start_run(double beta, long run_steps);
  long probe_steps() const { return static_cast<long>(probe_epochs()) * steps_per_epoch_; }
  float run_step(double* grad_norm, double* lr, double* beta_lr, float* used_beta, AttentionStats* stats);
  // Where shard s of a batch of n sequences starts, and how many it has (the first shard takes ⌈n/shards⌉).
  void shard_part(int n, int s, int* first, int* count) const;
  void refresh_reported_beta();
  void finish_probe();
  void plan_next_probes();
  void set_dynamic_beta(int batch);
  long planned_probe_count() const;

  TrainerConfig config_;
  ReversalData data_;
  std::vector<std::unique_ptr<Network<float>>> nets_;  // one a shard
  std::vector<std::vector<float>> shard_grads_;        // shards 1 …: their gradients, added to shard 0's in order
  std::unique_ptr<ShardRunner> runner_;
  std::size_t n_model_ = 0, qk_scale_offset_ = 0;
  std::vector<float> params_, grads_, adam_m_, adam_v_;
  std::vector<int> order_;
  std::vector<Token> batch_inputs_, batch_targets_;
  int steps_per_epoch_ = 1, batch_ = 1, last_batch_size_ = 0;
  Phase phase_ = Phase::train;
  double beta_ = 1.0;
  long run_step_ = 0, run_steps_ = 0, steps_done_ = 0, main_steps_ = 0;
  SearchState search_;
  std::vector<double> queue_;  // log10 β of the probes still to run in this round
  int rounds_done_ = 0;
  bool stage1_done_ = false;
  std::vector<float> best_params_, best_m_, best_v_;  // the state of the best probe at its end
};

}  // namespace asl::training
