// The two models of the training lab, forward and backward written by hand: "encoder" (one post-LayerNorm
// Transformer encoder block between an input projection and a two-layer head, the model that source 003's Table 1
// fits: 8,000 parameters at L = 20, R = 100, d = 20) and "attention" (embeddings, one attention layer, a linear head).
// Templated on the scalar: float trains on the SIMD kernels, double runs the gradient check. No optimizer, no data:
// a Network maps (parameters, β, a batch) to the mean cross-entropy and its gradient, in a workspace allocated once.
// Optionally q and k are normalised per head before their scores (QK-norm, qk-layernorm: see QkNorm).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reversal_task.h"

namespace asl::training {

enum class ModelKind { encoder, attention };

// What happens to each head's q and k before the scores (attention_layer.cpp):
//   none:  s = q·kᵀ, logits β·s
//   l2:    QK-norm (Henry et al. 2020): q̂ = q/‖q‖, k̂ = k/‖k‖, logits g_h·q̂·k̂ᵀ with a learned scalar g_h per head
//          ("attn.qk_scale"), initialised as their code does to log2(L² − L), L² − L being the off-diagonal entries
//          of an L×L score matrix (they take L at the 97.5th percentile of training lengths; here every length is L)
//   layer: qk-layernorm (ViT-22B, Dehghani et al. 2023): LayerNorm over d_k of q and of k, with a learned gain
//          (d_k values each for q and k, shared by the heads, initialised to 1) and no bias, as ViT-22B's LayerNorms
//          have none; logits β·q̃·k̃ᵀ with β = 1/√d_k
enum class QkNorm { none, l2, layer };

struct ModelConfig {
  ModelKind kind = ModelKind::encoder;
  QkNorm qk_norm = QkNorm::none;
  int L = 20;        // sequence length
  int R = 100;       // values 0 … R − 1
  int d_model = 20;  // d; the feed-forward layer of the encoder is d → 2d → d
  int n_heads = 1;   // divides d_model; d_k = d_v = d_model / n_heads
  int d_k() const { return d_model / n_heads; }
};

const char* model_name(ModelKind kind);  // "encoder" | "attention"

// One parameter tensor inside the flat parameter vector. Linear weights are stored (in, out), row-major, so a layer
// is y = x·W + b (PyTorch's nn.Linear keeps W transposed, (out, in)).
struct ParameterTensor {
  std::string name;  // e.g. "attn.qkv.weight"
  int rows = 0, cols = 0;
  std::size_t offset = 0;
  enum class Init { zero, one, xavier_uniform, linear_default, normal, constant } init = Init::zero;
  int fan_in = 0;  // for linear_default: U(−1/√fan_in, 1/√fan_in), PyTorch's nn.Linear default for weight and bias
  double value = 0.0;  // for constant
  std::size_t size() const { return static_cast<std::size_t>(rows) * cols; }
};

// The tensors in the order of the flat vector (the order of the forward pass; QK-norm's g or qk-layernorm's gains come
// last), and their total.
std::vector<ParameterTensor> parameter_layout(const ModelConfig& config);
std::size_t parameter_count(const ModelConfig& config);

// Fills params (parameter_count) from the seed: tensor t draws from the stream (seed, 2, t). Xavier uniform for the
// fused Q/K/V and the output projection (biases 0), PyTorch's Linear default for the other linear layers, LayerNorm
// gain 1 and bias 0, N(0, 1) for the attention model's embeddings, log2(L² − L) for QK-norm's g.
template <class T>
void init_parameters(const ModelConfig& config, std::uint64_t seed, T* params);

// sinusoidal positional encoding pe (L, d): pe[pos][2i] = sin(pos·10000^(−2i/d)), pe[pos][2i + 1] = cos(…).
template <class T>
void positional_encoding(int L, int d, T* pe);

// The attention rows of one forward pass: their summed entropy −Σ p·ln p (nats) and the largest |logit| (the score
// after its scale, β·q·k or g·q̂·k̂, before the softmax).
struct AttentionStats {
  double entropy_sum = 0.0;
  long rows = 0;  // batch · n_heads · L
  double max_abs_logit = 0.0;
  double mean_entropy() const { return rows ? entropy_sum / static_cast<double>(rows) : 0.0; }
};

template <class T>
class Network {
 public:
  // Allocates the whole workspace for batches of up to max_batch sequences; nothing is allocated after this.
  Network(const ModelConfig& config, int max_batch);

  const ModelConfig& config() const { return config_; }
  int max_batch() const { return max_batch_; }

  // Mean cross-entropy over all batch·L positions of the model on `batch` sequences: inputs and targets are
  // (batch, L). Keeps every activation for backward(). targets may be null (then the loss is not computed: NaN).
  // β scales the scores unless q and k are L2-normalised (QK-norm: each head's g, from params, does).
  T forward(const T* params, T beta, const Token* inputs, const Token* targets, int batch);

  // The gradient of the last forward()'s loss: grads (parameter_count) is overwritten; returns ∂loss/∂β (0 under
  // QK-norm, whose g_h are parameters). With total_rows > 0 the loss differentiated is Σ cross-entropy / total_rows
  // instead of the mean over this batch's rows: a batch split into shards then sums its shards' gradients.
  T backward(const T* params, T beta, T* grads, long total_rows = 0);

  // After forward(): entropy and largest |logit| of its attention rows.
  const AttentionStats& attention_stats() const { return stats_; }

  // The raw scores q·kᵀ of every head, query and key of the batch (the embedding and the Q/K projection only, into
  // raw_scores()); returns their number. Overwrites forward()'s activations.
  std::size_t compute_raw_scores(const T* params, const Token* inputs, int batch);
  // The population variance of those scores.
  double score_variance(const T* params, const Token* inputs, int batch);

  // After forward(): logits (batch·L, R), attention weights (batch, n_heads, L, L), raw scores q·kᵀ (same shape).
  const T* logits() const { return logits_.data(); }
  const T* attention_weights() const { return weights_.data(); }
  const T* raw_scores() const { return scores_.data(); }
  // After forward(): argmax of each position's logits into predicted (batch·L), and how many positions and how many
  // whole sequences equal the targets.
  void predict(int batch, const Token* targets, Token* predicted, long* correct_tokens, long* correct_sequences) const;

 private:
  void embed(const T* params, const Token* inputs, int rows);
  // attention_layer.cpp: pass 3 of forward() and its backward, QK-norm and qk-layernorm included.
  void attention_forward(const T* params, T beta, int batch);
  T attention_backward(const T* params, T beta, T* grads, int batch);
  void normalize_qk(const T* params, int rows);
  void normalize_qk_backward(const T* params, T* grads, int rows);
  T head_beta(const T* params, int h, T beta) const;

  ModelConfig config_;
  int max_batch_;
  std::vector<ParameterTensor> layout_;
  int batch_ = 0;
  const Token* targets_ = nullptr;
  const Token* inputs_ = nullptr;
  int qk_param_ = -1;  // layout index of QK-norm's g or qk-layernorm's q gain (the k gain follows), else −1
  AttentionStats stats_;
  std::vector<T> pe_;  // (L, d), encoder only
  // QK-norm and qk-layernorm: normalised q | k (rows, 2d), qk-layernorm's x̂ before its gain (rows, 2d), each
  // row's 1/‖x‖ or 1/σ per head for q then k (rows, 2·n_heads), and the gradient reaching q̂ | k̂ (rows, 2d).
  std::vector<T> qk_hat_, qk_xhat_, qk_stat_, d_qk_hat_;
  // Activations, (rows = batch·L, width) each.
  std::vector<T> x0_, qkv_, scores_, weights_, att_, a_, r1_hat_, r1_rstd_, y1_, f_, r2_hat_, r2_rstd_, y2_, h_hat_,
      h_rstd_, u_, logits_, probs_;
  // Gradients of activations and scratch.
  std::vector<T> d_x0_, d_qkv_, d_att_, d_a_, d_y1_, d_f_, d_y2_, d_h_, d_u_, d_tmp_, transposed_, d_p_, p_t_, d_s_,
      d_s_t_;
};

}  // namespace asl::training
