// Lesson 5's functions (web/schema/heads.js; cpp/engine/multi_head.h): multi-head attention on Lesson 1's model
// and the Monte Carlo sweep over the number of heads.
#include "common.h"
#include "engine/multi_head.h"

namespace asl::bindings {
namespace {

namespace mh = schema::multi_head_example;
namespace ms = schema::multi_head_sweep;

const char* head_scale_name(HeadScale by) {
  return by == HeadScale::d_model ? "dmodel" : by == HeadScale::none ? "none" : "dk";
}
HeadScale head_scale_of(int choice) {
  return choice == mh::scaleBy_choice::dmodel ? HeadScale::d_model
         : choice == mh::scaleBy_choice::none ? HeadScale::none : HeadScale::d_k;
}

val head_stats_object(const std::vector<HeadStats>& heads, float scale) {
  std::vector<double> variance, max_weight, entropy;
  for (const HeadStats& h : heads) {
    variance.push_back(h.scaled_score_variance);
    max_weight.push_back(h.mean_max_weight);
    entropy.push_back(h.mean_entropy);
  }
  val r = val::object();
  r.set("scale", scale);
  r.set("scaledScoreVariance", f64(variance));
  r.set("maxWeight", f64(max_weight));
  r.set("entropy", f64(entropy));
  return r;
}

val multi_head_example(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  std::string why;
  const std::vector<std::string> tokens = sentence_tokens(a.text(mh::sentence), "sentence", &why);
  if (tokens.empty()) return problem(why);
  const int d_model = a.integer(mh::dModel), heads = a.integer(mh::heads);
  const HeadScale scale_by = head_scale_of(a.choice(mh::scaleBy));
  const MultiHeadExample ex = asl::multi_head_example(tokens, d_model, heads, a.seed(mh::seed), scale_by);
  std::vector<double> variance, scaled_variance, max_weight, entropy;
  for (const HeadStats& h : ex.heads) {
    variance.push_back(h.score_variance);
    scaled_variance.push_back(h.scaled_score_variance);
    max_weight.push_back(h.mean_max_weight);
    entropy.push_back(h.mean_entropy);
  }
  val r = val::object();
  r.set("tokens", strings(ex.tokens));
  r.set("dModel", ex.d_model);
  r.set("heads", ex.n_heads);
  r.set("dK", ex.d_k);
  r.set("dV", ex.d_v);
  r.set("scaleBy", std::string(head_scale_name(scale_by)));
  r.set("scale", ex.scale);
  for (const auto& [name, m] : {std::pair<const char*, const RowMatrixXf*>{"embeddings", &ex.embeddings},
                                {"wQ", &ex.w_q}, {"wK", &ex.w_k}, {"wV", &ex.w_v}, {"q", &ex.q}, {"k", &ex.k},
                                {"v", &ex.v}})
    r.set(name, matrix(*m));
  r.set("scores", f32(ex.scores.data(), ex.scores.size()));
  r.set("scaledScores", f32(ex.scaled_scores.data(), ex.scaled_scores.size()));
  r.set("weights", f32(ex.weights.data(), ex.weights.size()));
  r.set("concat", matrix(ex.concat));
  r.set("wO", matrix(ex.w_o));
  r.set("output", matrix(ex.output));
  r.set("headScoreVariance", f64(variance));
  r.set("headScaledScoreVariance", f64(scaled_variance));
  r.set("headMaxWeight", f64(max_weight));
  r.set("headEntropy", f64(entropy));
  r.set("maxEntropy", ex.max_entropy);
  val comparison = val::object();
  for (int b = 0; b < kHeadScales; ++b) {
    const auto by = static_cast<HeadScale>(b);
    comparison.set(head_scale_name(by), head_stats_object(ex.by_scale[b], ex.by_scale_factor[b]));
  }
  r.set("comparison", comparison);
  return r;
}

val multi_head_sweep(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int d_model = a.integer(ms::dModel), tokens = a.integer(ms::tokens), samples = a.integer(ms::samples);
  const double* h = a.f64(ms::heads);
  const std::vector<int> heads(h, h + a.length(ms::heads));
  const double start = now_ms();
  const HeadScalingSweep s = head_scaling_sweep(d_model, heads, tokens, samples, a.seed(ms::seed));
  const double compute_ms = now_ms() - start;
  std::vector<int> d_ks;
  std::vector<double> raw, raw_se;
  for (const auto& p : s.points) {
    d_ks.push_back(p.d_k);
    raw.push_back(p.score_variance);
    raw_se.push_back(p.score_variance_se);
  }
  val r = val::object();
  r.set("dModel", d_model);
  r.set("tokens", tokens);
  r.set("samples", samples);
  r.set("heads", i32(heads));
  r.set("dK", i32(d_ks));
  r.set("scoreVariance", f64(raw));
  r.set("scoreVarianceStdError", f64(raw_se));
  r.set("maxEntropy", s.max_entropy);
  for (int b = 0; b < kHeadScales; ++b) {
    std::vector<double> scale, variance, variance_se, max_weight, max_weight_se, entropy, entropy_se;
    for (const auto& p : s.points) {
      scale.push_back(p.scale[b]);
      variance.push_back(p.scaled_variance[b]);
      variance_se.push_back(p.scaled_variance_se[b]);
      max_weight.push_back(p.mean_max_weight[b]);
      max_weight_se.push_back(p.mean_max_weight_se[b]);
      entropy.push_back(p.mean_entropy[b]);
      entropy_se.push_back(p.mean_entropy_se[b]);
    }
    val by = val::object();
    by.set("scale", f64(scale));
    by.set("scaledScoreVariance", f64(variance));
    by.set("scaledScoreVarianceStdError", f64(variance_se));
    by.set("maxWeight", f64(max_weight));
    by.set("maxWeightStdError", f64(max_weight_se));
    by.set("entropy", f64(entropy));
    by.set("entropyStdError", f64(entropy_se));
    r.set(head_scale_name(static_cast<HeadScale>(b)), by);
  }
  r.set("computeMs", compute_ms);
  return r;
}

}  // namespace
}  // namespace asl::bindings

EMSCRIPTEN_BINDINGS(asl_heads) {
  using namespace asl::bindings;
  emscripten::function("multiHeadExample", &multi_head_example);
  emscripten::function("multiHeadSweep", &multi_head_sweep);
}
