// Lesson 2's functions (web/schema/statistics.js; cpp/engine/statistics.h, statistics_panels.h, geometry.h): dot
// products of random vectors, the variance sweep, Var(cX) = c²·Var(X), and the lengths and angle of random pairs.
// Each reads its options, calls the engine and writes the result.
#include <cmath>

#include "common.h"
#include "engine/geometry.h"
#include "engine/statistics.h"
#include "engine/statistics_panels.h"
#include "engine/vocabulary.h"

namespace asl::bindings {

// The entries' distribution from a function's distribution, mean and std options.
EntryDistribution read_distribution(const api::Slots& a, int distribution, int mean, int std_dev) {
  EntryDistribution d;
  if (a.choice(distribution) == schema::dot_products::distribution_choice::normal) d.kind = EntryDistribution::Kind::normal;
  d.mean = a.number(mean);
  d.std = a.number(std_dev);
  return d;
}

namespace {

namespace dp = schema::dot_products;
namespace hg = schema::histogram;
namespace vs = schema::variance_sweep;
namespace sv = schema::scale_variance;
namespace pa = schema::pair_angles;
namespace wp = schema::word_pairs;

// { edges, counts, outside }
val histogram_value(const Binned& b) {
  val h = val::object();
  h.set("edges", f64(b.edges));
  h.set("counts", f64(b.counts));
  h.set("outside", static_cast<double>(b.outside));
  return h;
}

val dot_products(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int dim = a.integer(dp::dim), pairs = a.integer(dp::pairs), bins = a.integer(dp::bins);
  const EntryDistribution dist = read_distribution(a, dp::distribution, dp::mean, dp::std);
  const DotProductSample s = dot_product_sample(dist, dim, pairs, a.seed(dp::seed), bins,
                                                 a.given(dp::range) ? a.f32(dp::range) : nullptr);
  val r = val::object();
  r.set("values", f32(s.values.data(), s.values.size()));
  r.set("mean", s.moments.mean);
  r.set("variance", s.moments.variance);
  r.set("sd", s.sd);
  r.set("min", s.histogram.min);
  r.set("max", s.histogram.max);
  r.set("theoryMean", s.theory_mean);
  r.set("theoryVariance", s.prediction.theory);
  r.set("expectedVariance", s.prediction.expected);
  r.set("expectedVarianceSd", s.prediction.sd);
  r.set("histogram", histogram_value(s.histogram));
  return r;
}

val histogram_of(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const Binned b = bin_values(a.f32(hg::values), a.length(hg::values), a.integer(hg::bins),
                              a.given(hg::range) ? a.f32(hg::range) : nullptr);
  val r = val::object();
  r.set("min", b.min);
  r.set("max", b.max);
  r.set("histogram", histogram_value(b));
  return r;
}

val variance_sweep(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int max_dim = a.integer(vs::maxDim), vectors = a.integer(vs::vectors);
  const bool scaled = a.flag(vs::scaled);
  const std::uint64_t seed = a.seed(vs::seed);
  const EntryDistribution dist = read_distribution(a, vs::distribution, vs::mean, vs::std);
  const double start = now_ms();
  const VarianceSweep s = asl::variance_sweep(dist, max_dim, vectors, seed, scaled);
  const double compute_ms = now_ms() - start;

  const SweepTheory t = sweep_theory(dist, s);
  val r = val::object();
  r.set("dims", i32(t.dims));
  r.set("mean", f64(s.mean));
  r.set("variance", f64(s.variance));
  r.set("slope", s.fit.slope);
  r.set("intercept", s.fit.intercept);
  r.set("fitted", f64(t.fitted));
  // Absent when fewer than two d have a positive variance (constant entries, σ = 0): there is no line to fit.
  if (std::isfinite(s.log_log_slope)) r.set("logLogSlope", s.log_log_slope);
  r.set("theorySlope", t.theory_slope);
  r.set("expectedSlope", t.expected_slope);
  r.set("theoryMean", f64(t.theory_mean));
  r.set("theoryVariance", f64(t.theory_variance));
  r.set("expectedVariance", f64(t.expected_variance));
  r.set("expectedVarianceSd", f64(t.expected_variance_sd));
  r.set("rowVariance", f64(s.row_variance));
  r.set("rowMeanVariance", f64(s.row_mean_variance));
  r.set("rowSlope", s.row_fit.slope);
  r.set("theoryRowSlope", t.theory_row_slope);
  r.set("expectedRowSlope", t.expected_row_slope);
  r.set("theoryRowVariance", f64(t.theory_row_variance));
  r.set("expectedRowVariance", f64(t.expected_row_variance));
  r.set("pairs", s.pairs);
  r.set("vectors", vectors);
  r.set("maxDim", max_dim);
  r.set("scaled", scaled);
  r.set("computeMs", compute_ms);
  if (a.flag(vs::entries)) {
    std::vector<float> x(static_cast<std::size_t>(vectors) * max_dim);
    sweep_vectors(dist, max_dim, vectors, seed, x.data());
    r.set("entries", f32(x.data(), x.size()));
  }
  return r;
}

val scale_variance(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const double c = a.number(sv::c);
  std::vector<double> x;
  if (a.given(sv::values)) {
    const float* v = a.f32(sv::values);
    x.assign(v, v + a.length(sv::values));
  } else {
    x.resize(static_cast<std::size_t>(a.integer(sv::count)));
    sample_values(read_distribution(a, sv::distribution, sv::mean, sv::std), x.size(), a.seed(sv::seed), x.data());
  }
  std::vector<double> cx(x.size());
  const ScaleCheck s = asl::scale_variance(x.data(), x.size(), c, cx.data());
  val r = val::object();
  r.set("values", f64(x));
  r.set("scaledValues", f64(cx));
  r.set("c", c);
  r.set("meanX", s.mean_x);
  r.set("varX", s.var_x);
  r.set("meanCX", s.mean_cx);
  r.set("varCX", s.var_cx);
  r.set("c2VarX", s.c2_var_x);
  r.set("difference", s.difference);
  return r;
}

val pair_angles(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const AngleSample s = angle_sample(a.integer(pa::dim), a.integer(pa::pairs), a.seed(pa::seed), a.integer(pa::pair));
  val r = val::object();
  r.set(std::string("q"), f32(s.q.data(), s.q.size()));
  r.set(std::string("k"), f32(s.k.data(), s.k.size()));
  put(r, {{"dim", s.dim}, {"pairs", s.pairs}, {"pair", s.shown}, {"lengthQ", s.pair.length_q}, {"lengthK", s.pair.length_k},
          {"cos", s.pair.cos}, {"angle", s.pair.angle}, {"dot", s.pair.dot}, {"product", s.pair.product},
          {"lengthMean", s.length_mean}, {"lengthSd", s.length_sd}, {"cosMean", s.cos_mean}, {"cosSd", s.cos_sd},
          {"dotMean", s.dot_mean}, {"dotSd", s.dot_sd}, {"largestGap", s.largest_gap}, {"largestDot", s.largest_dot},
          {"theoryLengthMean", s.theory_length_mean}, {"theoryLengthSd", s.theory_length_sd}, {"theoryCosSd", s.theory_cos_sd},
          {"theoryDotSd", s.theory_dot_sd}, {"sqrtDim", s.sqrt_dim}});
  return r;
}

val word_pairs_binding(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const Vocabulary* vocab = vocabulary();
  if (!vocab) return problem("no vocabulary is loaded: call setVocabulary first (web/vocabulary.js's loadVocabulary does)");
  const int n = a.integer(wp::n);
  if (n + 1 > vocab->size()) return problem("n = " + std::to_string(n) + " is too large for " + std::to_string(vocab->size()) + " words: need n + 1 different words");
  const WordPairs w = word_pairs(*vocab, a.integer(wp::pairs), a.integer(wp::rows), n, a.seed(wp::seed));
  val r = val::object();
  put(r, {{"size", w.size}, {"dim", w.dim}, {"pairs", w.pairs}, {"rows", w.rows}, {"n", w.n}, {"entryMean", w.entry_mean},
          {"entrySd", w.entry_sd}, {"lengthMean", w.length_mean}, {"dotMean", w.dot_mean}, {"dotVariance", w.dot_variance},
          {"cosMean", w.cos_mean}, {"cosSd", w.cos_sd}, {"unitVariance", w.unit_variance}, {"modelVariance", w.model_variance},
          {"maxEntropy", w.max_entropy}, {"logitVariance", w.logit_variance}, {"sqrtDim", w.sqrt_dim},
          {"theoryCosSd", w.theory_cos_sd}, {"uniformWeight", w.uniform_weight}});
  val words = val::object(), model = val::object();
  put(words, {{"maxWeight", w.words.max_weight}, {"entropy", w.words.entropy}});
  put(model, {{"maxWeight", w.model.max_weight}, {"entropy", w.model.entropy}});
  r.set(std::string("words"), words);
  r.set(std::string("model"), model);
  return r;
}

}  // namespace
}  // namespace asl::bindings

EMSCRIPTEN_BINDINGS(asl_statistics) {
  using namespace asl::bindings;
  emscripten::function("dotProducts", &dot_products);
  emscripten::function("histogram", &histogram_of);
  emscripten::function("varianceSweep", &variance_sweep);
  emscripten::function("scaleVariance", &scale_variance);
  emscripten::function("pairAngles", &pair_angles);
  emscripten::function("wordPairs", &word_pairs_binding);
}
