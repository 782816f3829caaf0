// The two models of the training lab, forward and backward written by hand: "encoder" (one post-LayerNorm
// Transformer encoder block between an input projection and a two-layer head, the model that source 003's Table 1
// fits: 8,000 parameters at L = 20, R = 100, d = 20) and "attention" (embeddings, one attention layer, a linear head).
// Templated on the scalar: float trains on the SIMD kernels, double runs the gradient check. No optimizer, no data:
// a Network maps (parameters, β, a batch) to the mean cross-entropy and its gradient, in a workspace allocated once.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reversal_task.h"

namespace asl::training {

enum class ModelKind { encoder, attention };

struct ModelConfig {
  ModelKind kind = ModelKind::encoder;
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
  enum class Init { zero, one, xavier_uniform, linear_default, normal } init = Init::zero;
  int fan_in = 0;  // for linear_default: U(−1/√fan_in, 1/√fan_in), PyTorch's nn.Linear default for weight and bias
  std::size_t size() const { return static_cast<std::size_t>(rows) * cols; }
};

// The tensors in the order of the flat vector (the order of the forward pass), and their total.
std::vector<ParameterTensor> parameter_layout(const ModelConfig& config);
std::size_t parameter_count(const ModelConfig& config);

// Fills params (parameter_count) from the seed: tensor t draws from the stream (seed, 2, t). Xavier uniform for the
// fused Q/K/V and the output projection (biases 0), PyTorch's Linear default for the other linear layers, LayerNorm
// gain 1 and bias 0, N(0, 1) for the attention model's embeddings.
template <class T>
void init_parameters(const ModelConfig& config, std::uint64_t seed, T* params);

// sinusoidal positional encoding pe (L, d): pe[pos][2i] = sin(pos·10000^(−2i/d)), pe[pos][2i + 1] = cos(…).
template <class T>
void positional_encoding(int L, int d, T* pe);

template <class T>
class Network {
 public:
  // Allocates the whole workspace for batches of up to max_batch sequences; nothing is allocated after this.
  Network(const ModelConfig& config, int max_batch);

  const ModelConfig& config() const { return config_; }
  int max_batch() const { return max_batch_; }

  // Mean cross-entropy over all batch·L positions of the model on `batch` sequences: inputs and targets are
  // (batch, L). Keeps every activation for backward(). targets may be null (then the loss is not computed: NaN).
  T forward(const T* params, T beta, const Token* inputs, const Token* targets, int batch);

  // The gradient of the last forward()'s loss: grads (parameter_count) is overwritten; returns ∂loss/∂β.
  T backward(const T* params, T beta, T* grads);

  // The population variance of the raw scores q·kᵀ (every head, query and key of the batch), recomputed from the
  // parameters and the inputs (the embedding and the Q/K projection only). Overwrites forward()'s activations.
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
  void attention_forward(T beta, int batch);
  T attention_backward(T beta, int batch);

  ModelConfig config_;
  int max_batch_;
  std::vector<ParameterTensor> layout_;
  int batch_ = 0;
  const Token* targets_ = nullptr;
  const Token* inputs_ = nullptr;
  std::vector<T> pe_;  // (L, d), encoder only
  // Activations, (rows = batch·L, width) each.
  std::vector<T> x0_, qkv_, scores_, weights_, att_, a_, r1_hat_, r1_rstd_, y1_, f_, r2_hat_, r2_rstd_, y2_, h_hat_,
      h_rstd_, u_, logits_, probs_;
  // Gradients of activations and scratch.
  std::vector<T> d_x0_, d_qkv_, d_att_, d_a_, d_y1_, d_f_, d_y2_, d_h_, d_u_, d_tmp_, transposed_, d_p_, p_t_, d_s_,
      d_s_t_;
};

}  // namespace asl::training
