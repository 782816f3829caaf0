// Lesson 5's multi-head attention (see multi_head.h): Lesson 1's projections split into heads, attention_forward with
// n_heads for the core, Eigen for the projections and W^O, and float64 statistics per head.
#include "multi_head.h"

#include <cmath>

#include "../kernels/kernels.h"
#include "attention.h"
#include "estimate.h"
#include "random.h"
#include "self_attention_example.h"
#include "softmax_lab.h"
#include "statistics.h"

namespace asl {
namespace {

constexpr std::uint64_t kWoStreams = 0x4c35'5f77'4f43ULL;        // W^O: one stream per column
constexpr std::uint64_t kSweepXStreams = 0x4c35'5f78'726fULL;    // sweep: token t of sample s
constexpr std::uint64_t kSweepWqStreams = 0x4c35'5f77'7143ULL;   // sweep: W_q column c of sample s
constexpr std::uint64_t kSweepWkStreams = 0x4c35'5f77'6b43ULL;   // sweep: W_k column c of sample s

std::uint64_t sample_index(int sample, int index) {
  return (static_cast<std::uint64_t>(sample) << 20) | static_cast<std::uint64_t>(index);
}

// Per-head statistics of scores (n, n) at `scale`: the variances and the rows' mean largest weight and entropy.
HeadStats head_stats(const float* scores, int n, double scale, std::vector<double>& logits, SoftmaxAnalysis& a) {
  HeadStats h;
  const std::size_t count = static_cast<std::size_t>(n) * n;
  h.score_variance = moments(scores, count).variance;
  h.scaled_score_variance = scale * scale * h.score_variance;  // Var(cX) = c²·Var(X)
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) logits[j] = scale * scores[static_cast<std::size_t>(i) * n + j];
    analyze_softmax(logits.data(), n, a, false);
    h.mean_max_weight += a.max_weight / n;
    h.mean_entropy += a.entropy / n;
  }
  return h;
}

}  // namespace

float head_scale(HeadScale by, int d_model, int n_heads) {
  switch (by) {
    case HeadScale::d_k: return static_cast<float>(1.0 / std::sqrt(static_cast<double>(d_model / n_heads)));
    case HeadScale::d_model: return static_cast<float>(1.0 / std::sqrt(static_cast<double>(d_model)));
    case HeadScale::none: break;
  }
  return 1.0f;
}

RowMatrixXf output_projection(std::uint64_t seed, int d_model) {
  RowMatrixXf w(d_model, d_model);
  const double std = 1.0 / std::sqrt(static_cast<double>(d_model));
  for (int c = 0; c < d_model; ++c) {
    Rng rng = Rng::stream(seed, kWoStreams, static_cast<std::uint64_t>(c));
    for (int r = 0; r < d_model; ++r) w(r, c) = static_cast<float>(rng.normal(0.0, std));
  }
  return w;
}

MultiHeadExample multi_head_example(const std::vector<std::string>& tokens, int d_model, int n_heads,
                                    std::uint64_t seed, HeadScale scale_by) {
  MultiHeadExample ex;
  const int n = static_cast<int>(tokens.size());
  ex.tokens = tokens;
  ex.d_model = d_model;
  ex.n_heads = n_heads;
  ex.d_k = ex.d_v = d_model / n_heads;
  ex.scale_by = scale_by;
  ex.scale = head_scale(scale_by, d_model, n_heads);
  ex.max_entropy = std::log(static_cast<double>(n));
  for (int b = 0; b < kHeadScales; ++b) ex.by_scale_factor[b] = head_scale(static_cast<HeadScale>(b), d_model, n_heads);

  // Lesson 1's embeddings and projections, d_model wide: the heads are column blocks of the same Q, K, V.
  const SelfAttentionExample base = self_attention_example(tokens, d_model, d_model, d_model, seed, true, false);
  ex.embeddings = base.embeddings;
  ex.w_q = base.w_q;
  ex.w_k = base.w_k;
  ex.w_v = base.w_v;
  ex.q = base.q;
  ex.k = base.k;
  ex.v = base.v;

  AttentionShape shape;
  shape.n_q = n;
  shape.n_k = n;
  shape.d_k = ex.d_k;
  shape.d_v = ex.d_v;
  shape.n_heads = n_heads;
  const std::size_t planes = static_cast<std::size_t>(n_heads) * n * n;
  ex.scores.resize(planes);
  ex.scaled_scores.resize(planes);
  ex.weights.resize(planes);
  ex.concat.resize(n, d_model);
  // Every head at once: head h reads columns h·d_k … of Q and K and writes columns h·d_v … of the concatenation.
  attention_forward(ex.q.data(), ex.k.data(), ex.v.data(), shape, ex.scale, false, ex.scores.data(),
                    ex.scaled_scores.data(), ex.weights.data(), ex.concat.data());
  ex.w_o = output_projection(seed, d_model);
  ex.output.resize(n, d_model);
  ex.output.noalias() = ex.concat * ex.w_o;

  std::vector<double> logits(static_cast<std::size_t>(n));
  SoftmaxAnalysis a;
  const std::size_t plane = static_cast<std::size_t>(n) * n;
  ex.heads.resize(static_cast<std::size_t>(n_heads));
  for (auto& list : ex.by_scale) list.resize(static_cast<std::size_t>(n_heads));
  for (int h = 0; h < n_heads; ++h) {
    const float* scores_h = ex.scores.data() + h * plane;
    ex.heads[h] = head_stats(scores_h, n, ex.scale, logits, a);
    for (int b = 0; b < kHeadScales; ++b)
      ex.by_scale[b][h] = head_stats(scores_h, n, head_scale(static_cast<HeadScale>(b), d_model, n_heads), logits, a);
  }
  return ex;
}

HeadScalingSweep head_scaling_sweep(int d_model, const std::vector<int>& heads, int tokens, int samples,
                                    std::uint64_t seed) {
  HeadScalingSweep r;
  r.d_model = d_model;
  r.tokens = tokens;
  r.samples = samples;
  r.max_entropy = std::log(static_cast<double>(tokens));
  const int n = tokens;
  const std::size_t n_points = heads.size();

  struct Acc {
    RunningMean raw, scaled[kHeadScales], max_weight[kHeadScales], entropy[kHeadScales];
  };
  std::vector<Acc> acc(n_points);
  // The workspace, allocated once: one sample's X, W, Q, K and every head's scores for the largest H.
  int max_heads = 1;
  for (int h : heads) max_heads = h > max_heads ? h : max_heads;
  RowMatrixXf x(n, d_model), w_q(d_model, d_model), w_k(d_model, d_model), q(n, d_model), k(n, d_model);
  std::vector<float> scores(static_cast<std::size_t>(max_heads) * n * n);
  std::vector<double> logits(static_cast<std::size_t>(n));
  SoftmaxAnalysis a;
  const double w_std = 1.0 / std::sqrt(static_cast<double>(d_model));
  const std::size_t plane = static_cast<std::size_t>(n) * n;

  for (int s = 0; s < samples; ++s) {
    for (int t = 0; t < n; ++t) {
      Rng rng = Rng::stream(seed, kSweepXStreams, sample_index(s, t));
      for (int j = 0; j < d_model; ++j) x(t, j) = static_cast<float>(rng.normal());
    }
    for (int c = 0; c < d_model; ++c) {
      Rng rng_q = Rng::stream(seed, kSweepWqStreams, sample_index(s, c));
      Rng rng_k = Rng::stream(seed, kSweepWkStreams, sample_index(s, c));
      for (int j = 0; j < d_model; ++j) w_q(j, c) = static_cast<float>(rng_q.normal(0.0, w_std));
      for (int j = 0; j < d_model; ++j) w_k(j, c) = static_cast<float>(rng_k.normal(0.0, w_std));
    }
    q.noalias() = x * w_q;
    k.noalias() = x * w_k;
    for (std::size_t p = 0; p < n_points; ++p) {
      const int n_heads = heads[p], d_k = d_model / n_heads;
      // 1. scores of every head, as attention_forward's first pass computes them.
      for (int h = 0; h < n_heads; ++h)
        kern::matmul_qkt(q.data() + h * d_k, k.data() + h * d_k, scores.data() + h * plane, n, n, d_k, d_model,
                         d_model, n);
      double raw = 0.0, scaled[kHeadScales] = {}, max_weight[kHeadScales] = {}, entropy[kHeadScales] = {};
      for (int h = 0; h < n_heads; ++h) {
        for (int b = 0; b < kHeadScales; ++b) {
          const HeadStats st =
              head_stats(scores.data() + h * plane, n, head_scale(static_cast<HeadScale>(b), d_model, n_heads), logits, a);
          raw += st.score_variance / n_heads / kHeadScales;
          scaled[b] += st.scaled_score_variance / n_heads;
          max_weight[b] += st.mean_max_weight / n_heads;
          entropy[b] += st.mean_entropy / n_heads;
        }
      }
      acc[p].raw.add(raw);
      for (int b = 0; b < kHeadScales; ++b) {
        acc[p].scaled[b].add(scaled[b]);
        acc[p].max_weight[b].add(max_weight[b]);
        acc[p].entropy[b].add(entropy[b]);
      }
    }
  }

  r.points.resize(n_points);
  for (std::size_t p = 0; p < n_points; ++p) {
    HeadScalingPoint& pt = r.points[p];
    pt.n_heads = heads[p];
    pt.d_k = d_model / heads[p];
    pt.score_variance = acc[p].raw.mean;
    pt.score_variance_se = acc[p].raw.std_error();
    for (int b = 0; b < kHeadScales; ++b) {
      pt.scale[b] = head_scale(static_cast<HeadScale>(b), d_model, heads[p]);
      pt.scaled_variance[b] = acc[p].scaled[b].mean;
      pt.scaled_variance_se[b] = acc[p].scaled[b].std_error();
      pt.mean_max_weight[b] = acc[p].max_weight[b].mean;
      pt.mean_max_weight_se[b] = acc[p].max_weight[b].std_error();
      pt.mean_entropy[b] = acc[p].entropy[b].mean;
      pt.mean_entropy_se[b] = acc[p].entropy[b].std_error();
    }
  }
  return r;
}

}  // namespace asl
