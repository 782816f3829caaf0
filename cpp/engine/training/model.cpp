// The layout and initial values of the parameters, and forward and backward of the two models as numbered passes
// (pass 3, attention, is in attention_layer.cpp). Each backward pass quotes the forward line it differentiates. Linear
// layers run on ops.h; LayerNorm (layers.h), ReLU, the loss and the embeddings are plain loops. Instantiated for
// float (training) and double (the gradient check).
#include "model.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "../random.h"
#include "layers.h"
#include "ops.h"

namespace asl::training {
namespace {

constexpr std::uint64_t kInitStream = 2;

// Indices into the layout. qkv and the output projection sit at the same place in both models.
constexpr int kEmbedW = 0, kEmbedB = 1, kQkvW = 2, kQkvB = 3, kOutW = 4, kOutB = 5, kNorm1G = 6, kNorm1B = 7,
              kFf1W = 8, kFf1B = 9, kFf2W = 10, kFf2B = 11, kNorm2G = 12, kNorm2B = 13, kHead1W = 14, kHead1B = 15,
              kNorm3G = 16, kNorm3B = 17, kHead2W = 18, kHead2B = 19;  // encoder
constexpr int kTokenW = 0, kPos = 1, kHeadW = 6, kHeadB = 7;            // attention

// y (n, out) = x (n, in)·w (in, out) + b
template <class T>
void linear_forward(const T* x, const T* w, const T* b, T* y, int n, int in, int out) {
  ops::matmul_nn(x, w, y, n, in, out, in, out, out);
  for (int r = 0; r < n; ++r) {
    T* y_r = y + static_cast<long>(r) * out;
    for (int c = 0; c < out; ++c) y_r[c] += b[c];
  }
}

// Differentiates y = x·w + b: dw = xᵀ·dy (scratch: in·n values for the kernels' transposed copy of x),
// db = Σ_rows dy, and, when dx is not null, dx = dy·wᵀ.
template <class T>
void linear_backward(const T* x, const T* w, const T* dy, T* dx, T* dw, T* db, T* scratch, int n, int in, int out) {
  ops::matmul_tn(x, dy, dw, in, n, out, in, out, out, scratch);
  std::fill(db, db + out, T(0));
  for (int r = 0; r < n; ++r) {
    const T* dy_r = dy + static_cast<long>(r) * out;
    for (int c = 0; c < out; ++c) db[c] += dy_r[c];
  }
  if (dx) ops::matmul_nt(dy, w, dx, n, out, in, out, out, in);
}

// The encoder's LayerNorms over dense rows of d: layers.h with the strides filled in.
template <class T>
void layer_norm_forward(const T* x, const T* gain, const T* bias, T* y, T* x_hat, T* rstd, int n, int d) {
  layers::layer_norm_forward(x, d, gain, bias, y, d, x_hat, d, rstd, 1, n, d);
}
template <class T>
void layer_norm_backward(const T* dy, const T* gain, const T* x_hat, const T* rstd, T* dx, T* dgain, T* dbias, int n,
                         int d) {
  std::fill(dgain, dgain + d, T(0));
  std::fill(dbias, dbias + d, T(0));
  layers::layer_norm_backward(dy, d, gain, x_hat, d, rstd, 1, dx, d, dgain, dbias, n, d);
}

template <class T>
void relu_inplace(T* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) x[i] = x[i] > T(0) ? x[i] : T(0);
}

// dx ⊙= [y > 0], the derivative of y = relu(x) expressed through its output.
template <class T>
void relu_backward_inplace(const T* y, T* dx, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (!(y[i] > T(0))) dx[i] = T(0);
}

template <class T>
void add_inplace(T* y, const T* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) y[i] += x[i];
}

}  // namespace

const char* model_name(ModelKind kind) { return kind == ModelKind::encoder ? "encoder" : "attention"; }

// Compiled for size under clang (minsize, as -Oz): a list of about twenty tensors, built once per model, whose
// inlined push_backs took 6.7 KB at -O3 in the WebAssembly engine, whose size is budgeted (CMakeLists.txt).
#if defined(__clang__)
__attribute__((minsize))
#endif
std::vector<ParameterTensor> parameter_layout(const ModelConfig& c) {
  using Init = ParameterTensor::Init;
  std::vector<ParameterTensor> layout;
  std::size_t offset = 0;
  const auto add = [&](const char* name, int rows, int cols, Init init, int fan_in = 0) {
    ParameterTensor t;
    t.name = name;
    t.rows = rows;
    t.cols = cols;
    t.offset = offset;
    t.init = init;
    t.fan_in = fan_in;
    offset += t.size();
    layout.push_back(t);
  };
  const int d = c.d_model, R = c.R;
  if (c.kind == ModelKind::encoder) {
    add("embed.weight", R, d, Init::linear_default, R);  // Linear(R, d) on one-hot inputs
    add("embed.bias", 1, d, Init::linear_default, R);
  } else {
    add("embed.weight", R, d, Init::normal);  // an embedding table, as nn.Embedding
    add("pos", c.L, d, Init::normal);         // learned positions
  }
  add("attn.qkv.weight", d, 3 * d, Init::xavier_uniform);  // columns: Q | K | V, head h at h·d_k within each
  add("attn.qkv.bias", 1, 3 * d, Init::zero);
  add("attn.out.weight", d, d, Init::xavier_uniform);
  add("attn.out.bias", 1, d, Init::zero);
  if (c.kind == ModelKind::encoder) {
    add("norm1.gain", 1, d, Init::one);
    add("norm1.bias", 1, d, Init::zero);
    add("ff1.weight", d, 2 * d, Init::linear_default, d);
    add("ff1.bias", 1, 2 * d, Init::linear_default, d);
    add("ff2.weight", 2 * d, d, Init::linear_default, 2 * d);
    add("ff2.bias", 1, d, Init::linear_default, 2 * d);
    add("norm2.gain", 1, d, Init::one);
    add("norm2.bias", 1, d, Init::zero);
    add("head1.weight", d, d, Init::linear_default, d);
    add("head1.bias", 1, d, Init::linear_default, d);
    add("norm3.gain", 1, d, Init::one);
    add("norm3.bias", 1, d, Init::zero);
    add("head2.weight", d, R, Init::linear_default, d);
    add("head2.bias", 1, R, Init::linear_default, d);
  } else {
    add("head.weight", d, R, Init::linear_default, d);
    add("head.bias", 1, R, Init::linear_default, d);
  }
  if (c.qk_norm == QkNorm::l2) {
    add("attn.qk_scale", 1, c.n_heads, Init::constant);
    layout.back().value = std::log2(static_cast<double>(c.L) * c.L - c.L);
  } else if (c.qk_norm == QkNorm::layer) {
    add("attn.q_norm.gain", 1, c.d_k(), Init::one);
    add("attn.k_norm.gain", 1, c.d_k(), Init::one);
  }
  return layout;
}

std::size_t parameter_count(const ModelConfig& config) {
  const auto layout = parameter_layout(config);
  return layout.back().offset + layout.back().size();
}

template <class T>
void init_parameters(const ModelConfig& config, std::uint64_t seed, T* params) {
  using Init = ParameterTensor::Init;
  const auto layout = parameter_layout(config);
  for (std::size_t t = 0; t < layout.size(); ++t) {
    const ParameterTensor& p = layout[t];
    Rng rng = Rng::stream(seed, kInitStream, t);
    T* x = params + p.offset;
    for (std::size_t i = 0; i < p.size(); ++i) {
      double v = 0.0;
      switch (p.init) {
        case Init::zero: v = 0.0; break;
        case Init::one: v = 1.0; break;
        case Init::xavier_uniform: v = (2.0 * rng.uniform() - 1.0) * std::sqrt(6.0 / (p.rows + p.cols)); break;
        case Init::linear_default: v = (2.0 * rng.uniform() - 1.0) / std::sqrt(static_cast<double>(p.fan_in)); break;
        case Init::normal: v = rng.normal(); break;
        case Init::constant: v = p.value; break;
      }
      // Rounded to float first, so the float and the double model start from the same numbers.
      x[i] = static_cast<T>(static_cast<float>(v));
    }
  }
}

template <class T>
void positional_encoding(int L, int d, T* pe) {
  for (int pos = 0; pos < L; ++pos) {
    for (int c = 0; c < d; ++c) {
      const int i2 = c - (c % 2);  // 2i
      const double angle = pos * std::exp(-std::log(10000.0) * i2 / d);
      const double value = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
      pe[static_cast<long>(pos) * d + c] = static_cast<T>(static_cast<float>(value));
    }
  }
}

template <class T>
Network<T>::Network(const ModelConfig& config, int max_batch)
    : config_(config), max_batch_(max_batch), layout_(parameter_layout(config)) {
  const std::size_t rows = static_cast<std::size_t>(max_batch) * config.L;
  const std::size_t d = config.d_model, R = config.R;
  const std::size_t plane = static_cast<std::size_t>(max_batch) * config.n_heads * config.L * config.L;
  const std::size_t LL = static_cast<std::size_t>(config.L) * config.L;
  const bool enc = config.kind == ModelKind::encoder;
  x0_.resize(rows * d);
  qkv_.resize(rows * 3 * d);
  scores_.resize(plane);
  weights_.resize(plane);
  att_.resize(rows * d);
  a_.resize(rows * d);
  logits_.resize(rows * R);
  probs_.resize(rows * R);
  d_x0_.resize(rows * d);
  d_qkv_.resize(rows * 3 * d);
  d_att_.resize(rows * d);
  d_a_.resize(rows * d);
  transposed_.resize(rows * std::max<std::size_t>(2 * d, 1));
  d_p_.resize(LL);
  p_t_.resize(LL);
  d_s_.resize(LL);
  d_s_t_.resize(LL);
  if (config.qk_norm != QkNorm::none) {
    qk_param_ = static_cast<int>(layout_.size()) - (config.qk_norm == QkNorm::l2 ? 1 : 2);
    qk_hat_.resize(rows * 2 * d);
    d_qk_hat_.resize(rows * 2 * d);
    qk_stat_.resize(rows * 2 * config.n_heads);
    if (config.qk_norm == QkNorm::layer) qk_xhat_.resize(rows * 2 * d);
  }
  if (enc) {
    pe_.resize(static_cast<std::size_t>(config.L) * d);
    positional_encoding(config.L, config.d_model, pe_.data());
    for (auto* v : {&r1_hat_, &y1_, &r2_hat_, &y2_, &h_hat_, &u_, &d_y1_, &d_y2_, &d_h_, &d_u_, &d_tmp_})
      v->resize(rows * d);
    f_.resize(rows * 2 * d);
    d_f_.resize(rows * 2 * d);
    for (auto* v : {&r1_rstd_, &r2_rstd_, &h_rstd_}) v->resize(rows);
  }
}

// 1. x0 = onehot(inputs)·W_embed + b_embed + pe          (encoder)
//    x0 = E[inputs] + P[position]                        (attention)
template <class T>
void Network<T>::embed(const T* params, const Token* inputs, int rows) {
  const int d = config_.d_model, L = config_.L;
  const bool enc = config_.kind == ModelKind::encoder;
  const T* table = params + layout_[enc ? kEmbedW : kTokenW].offset;
  const T* add = enc ? pe_.data() : params + layout_[kPos].offset;
  const T* bias = enc ? params + layout_[kEmbedB].offset : nullptr;
  for (int r = 0; r < rows; ++r) {
    const T* w_row = table + static_cast<long>(inputs[r]) * d;
    const T* add_row = add + static_cast<long>(r % L) * d;
    T* x0_r = x0_.data() + static_cast<long>(r) * d;
    if (enc)
      for (int c = 0; c < d; ++c) x0_r[c] = w_row[c] + bias[c] + add_row[c];
    else
      for (int c = 0; c < d; ++c) x0_r[c] = w_row[c] + add_row[c];
  }
}

template <class T>
T Network<T>::forward(const T* params, T beta, const Token* inputs, const Token* targets, int batch) {
  const ModelConfig& c = config_;
  const int L = c.L, d = c.d_model, R = c.R, rows = batch * L;
  const std::size_t n_d = static_cast<std::size_t>(rows) * d;
  const auto P = [&](int index) { return params + layout_[index].offset; };
  batch_ = batch;
  inputs_ = inputs;
  targets_ = targets;

  embed(params, inputs, rows);                                                    // 1. x0
  linear_forward(x0_.data(), P(kQkvW), P(kQkvB), qkv_.data(), rows, d, 3 * d);    // 2. qkv = x0·W_qkv + b_qkv
  attention_forward(params, beta, batch);                                         // 3. att = attention(qkv; β)
  linear_forward(att_.data(), P(kOutW), P(kOutB), a_.data(), rows, d, d);         // 4. a = att·W_out + b_out
  const T* head_in = a_.data();
  const T* head_w = P(kHeadW);
  const T* head_b = P(kHeadB);
  if (c.kind == ModelKind::encoder) {
    // 5. y1 = LN1(x0 + a)              (a_ now holds the residual sum r1)
    add_inplace(a_.data(), x0_.data(), n_d);
    layer_norm_forward(a_.data(), P(kNorm1G), P(kNorm1B), y1_.data(), r1_hat_.data(), r1_rstd_.data(), rows, d);
    // 6. f = relu(y1·W_ff1 + b_ff1)
    linear_forward(y1_.data(), P(kFf1W), P(kFf1B), f_.data(), rows, d, 2 * d);
    relu_inplace(f_.data(), 2 * n_d);
    // 7. g = f·W_ff2 + b_ff2           (into a_)
    linear_forward(f_.data(), P(kFf2W), P(kFf2B), a_.data(), rows, 2 * d, d);
    // 8. y2 = LN2(y1 + g)
    add_inplace(a_.data(), y1_.data(), n_d);
    layer_norm_forward(a_.data(), P(kNorm2G), P(kNorm2B), y2_.data(), r2_hat_.data(), r2_rstd_.data(), rows, d);
    // 9. u = relu(LN3(y2·W_h1 + b_h1))  (the pre-norm h into a_)
    linear_forward(y2_.data(), P(kHead1W), P(kHead1B), a_.data(), rows, d, d);
    layer_norm_forward(a_.data(), P(kNorm3G), P(kNorm3B), u_.data(), h_hat_.data(), h_rstd_.data(), rows, d);
    relu_inplace(u_.data(), n_d);
    head_in = u_.data();
    head_w = P(kHead2W);
    head_b = P(kHead2B);
  }
  // 10. z = head_in·W_head + b_head  (encoder: u·W_h2 + b_h2; attention: a·W_head + b_head)
  linear_forward(head_in, head_w, head_b, logits_.data(), rows, d, R);
  // 11. loss = mean over positions of −ln softmax(z)[target]
  ops::softmax_rows(logits_.data(), T(1), probs_.data(), rows, R, R);
  if (!targets) return std::numeric_limits<T>::quiet_NaN();
  double loss = 0.0;
  for (int r = 0; r < rows; ++r) {
    const T p_t = probs_[static_cast<std::size_t>(r) * R + targets[r]];
    if (p_t > T(0)) {
      loss -= std::log(static_cast<double>(p_t));
    } else {  // the kernel's exp flushed it to 0: ln p_t = z_t − max − ln Σ exp(z − max), computed directly
      const T* z = logits_.data() + static_cast<std::size_t>(r) * R;
      double m = z[0], sum = 0.0;
      for (int j = 1; j < R; ++j) m = std::fmax(m, static_cast<double>(z[j]));
      for (int j = 0; j < R; ++j) sum += std::exp(static_cast<double>(z[j]) - m);
      loss -= static_cast<double>(z[targets[r]]) - m - std::log(sum);
    }
  }
  return static_cast<T>(loss / rows);
}

template <class T>
T Network<T>::backward(const T* params, T beta, T* grads, long total_rows) {
  const ModelConfig& c = config_;
  const int batch = batch_, L = c.L, d = c.d_model, R = c.R, rows = batch * L;
  const std::size_t n_d = static_cast<std::size_t>(rows) * d;
  const auto P = [&](int index) { return params + layout_[index].offset; };
  const auto G = [&](int index) { return grads + layout_[index].offset; };
  T* scratch = transposed_.data();

  // 11. loss = mean −ln softmax(z)[target]  →  dz = (softmax(z) − onehot(target)) / rows   (into probs_)
  //     (a shard of a larger batch divides by the whole batch's rows instead)
  T* dz = probs_.data();
  const T inv_rows = T(1) / static_cast<T>(total_rows > 0 ? total_rows : rows);
  for (int r = 0; r < rows; ++r) {
    T* dz_r = dz + static_cast<std::size_t>(r) * R;
    dz_r[targets_[r]] -= T(1);
    for (int j = 0; j < R; ++j) dz_r[j] *= inv_rows;
  }
  if (c.kind == ModelKind::encoder) {
    // 10. z = u·W_h2 + b_h2
    linear_backward(u_.data(), P(kHead2W), dz, d_u_.data(), G(kHead2W), G(kHead2B), scratch, rows, d, R);
    // 9. u = relu(LN3(h)), h = y2·W_h1 + b_h1
    relu_backward_inplace(u_.data(), d_u_.data(), n_d);
    layer_norm_backward(d_u_.data(), P(kNorm3G), h_hat_.data(), h_rstd_.data(), d_h_.data(), G(kNorm3G), G(kNorm3B),
                        rows, d);
    linear_backward(y2_.data(), P(kHead1W), d_h_.data(), d_y2_.data(), G(kHead1W), G(kHead1B), scratch, rows, d, d);
    // 8. y2 = LN2(r2), r2 = y1 + g      →  dr2 (into d_tmp_) reaches both y1 and g
    layer_norm_backward(d_y2_.data(), P(kNorm2G), r2_hat_.data(), r2_rstd_.data(), d_tmp_.data(), G(kNorm2G),
                        G(kNorm2B), rows, d);
    // 7. g = f·W_ff2 + b_ff2
    linear_backward(f_.data(), P(kFf2W), d_tmp_.data(), d_f_.data(), G(kFf2W), G(kFf2B), scratch, rows, 2 * d, d);
    // 6. f = relu(y1·W_ff1 + b_ff1)
    relu_backward_inplace(f_.data(), d_f_.data(), 2 * n_d);
    linear_backward(y1_.data(), P(kFf1W), d_f_.data(), d_y1_.data(), G(kFf1W), G(kFf1B), scratch, rows, d, 2 * d);
    add_inplace(d_y1_.data(), d_tmp_.data(), n_d);  // the residual path of 8
    // 5. y1 = LN1(r1), r1 = x0 + a     →  dr1 (into d_a_) reaches both x0 and a
    layer_norm_backward(d_y1_.data(), P(kNorm1G), r1_hat_.data(), r1_rstd_.data(), d_a_.data(), G(kNorm1G),
                        G(kNorm1B), rows, d);
  } else {
    // 10. z = a·W_head + b_head
    linear_backward(a_.data(), P(kHeadW), dz, d_a_.data(), G(kHeadW), G(kHeadB), scratch, rows, d, R);
  }
  // 4. a = att·W_out + b_out
  linear_backward(att_.data(), P(kOutW), d_a_.data(), d_att_.data(), G(kOutW), G(kOutB), scratch, rows, d, d);
  // 3. att = attention(qkv; β)
  const T d_beta = attention_backward(params, beta, grads, batch);
  // 2. qkv = x0·W_qkv + b_qkv
  linear_backward(x0_.data(), P(kQkvW), d_qkv_.data(), d_x0_.data(), G(kQkvW), G(kQkvB), scratch, rows, d, 3 * d);
  if (c.kind == ModelKind::encoder) add_inplace(d_x0_.data(), d_a_.data(), n_d);  // the residual path of 5
  // 1. x0 = onehot·W_embed + b_embed + pe  (encoder)  |  x0 = E[inputs] + P[position]  (attention)
  const bool enc = c.kind == ModelKind::encoder;
  T* d_table = G(enc ? kEmbedW : kTokenW);
  T* d_add = enc ? G(kEmbedB) : G(kPos);
  std::fill(d_table, d_table + static_cast<std::size_t>(R) * d, T(0));
  std::fill(d_add, d_add + (enc ? d : static_cast<std::size_t>(L) * d), T(0));
  for (int r = 0; r < rows; ++r) {
    const T* dx_r = d_x0_.data() + static_cast<std::size_t>(r) * d;
    T* dw_row = d_table + static_cast<std::size_t>(inputs_[r]) * d;
    T* da_row = d_add + (enc ? 0 : static_cast<std::size_t>(r % L) * d);
    for (int k = 0; k < d; ++k) {
      dw_row[k] += dx_r[k];
      da_row[k] += dx_r[k];
    }
  }
  return d_beta;
}

template <class T>
std::size_t Network<T>::compute_raw_scores(const T* params, const Token* inputs, int batch) {
  const int L = config_.L, d = config_.d_model, H = config_.n_heads, dk = config_.d_k(), rows = batch * L;
  embed(params, inputs, rows);
  // 2. (q | k) = x0·W_qkv[:, 0 … 2d) + b_qkv[0 … 2d)
  const T* w = params + layout_[kQkvW].offset;
  const T* b = params + layout_[kQkvB].offset;
  ops::matmul_nn(x0_.data(), w, qkv_.data(), rows, d, 2 * d, d, 3 * d, 3 * d);
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < 2 * d; ++col) qkv_[static_cast<std::size_t>(r) * 3 * d + col] += b[col];
  const long LL = static_cast<long>(L) * L;
  for (int bi = 0; bi < batch; ++bi)
    for (int h = 0; h < H; ++h) {
      const T* qkv_b = qkv_.data() + static_cast<long>(bi) * L * 3 * d;
      ops::matmul_nt(qkv_b + h * dk, qkv_b + d + h * dk, scores_.data() + (static_cast<long>(bi) * H + h) * LL, L, dk,
                     L, 3 * d, 3 * d, L);
    }
  return static_cast<std::size_t>(batch) * H * LL;
}

template <class T>
double Network<T>::score_variance(const T* params, const Token* inputs, int batch) {
  const std::size_t n = compute_raw_scores(params, inputs, batch);
  double mean = 0.0, var = 0.0;
  for (std::size_t i = 0; i < n; ++i) mean += static_cast<double>(scores_[i]);
  mean /= static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) var += (scores_[i] - mean) * (scores_[i] - mean);
  return var / static_cast<double>(n);
}

template <class T>
void Network<T>::predict(int batch, const Token* targets, Token* predicted, long* correct_tokens,
                         long* correct_sequences) const {
  const int L = config_.L, R = config_.R;
  long tokens = 0, sequences = 0;
  for (int b = 0; b < batch; ++b) {
    bool all = true;
    for (int i = 0; i < L; ++i) {
      const long r = static_cast<long>(b) * L + i;
      const T* z = logits_.data() + r * R;
      int best = 0;
      for (int j = 1; j < R; ++j)
        if (z[j] > z[best]) best = j;
      if (predicted) predicted[r] = static_cast<Token>(best);
      const bool ok = targets && best == targets[r];
      tokens += ok;
      all = all && ok;
    }
    sequences += all;
  }
  if (correct_tokens) *correct_tokens = tokens;
  if (correct_sequences) *correct_sequences = sequences;
}

template void init_parameters<float>(const ModelConfig&, std::uint64_t, float*);
template void init_parameters<double>(const ModelConfig&, std::uint64_t, double*);
template void positional_encoding<float>(int, int, float*);
template void positional_encoding<double>(int, int, double*);
template class Network<float>;
template class Network<double>;

}  // namespace asl::training
