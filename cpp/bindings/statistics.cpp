// Lesson 2's functions (web/schema/statistics.js; cpp/engine/statistics.h, geometry.h): dot products of random
// vectors, the variance sweep, Var(cX) = c²·Var(X), and the lengths and angle of random pairs.
#include <cmath>

#include "common.h"
#include "engine/geometry.h"
#include "engine/statistics.h"
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

struct Binned {
  double min, max;  // of the values
  val histogram;    // { edges, counts, outside }
};

// `values` in `bins` equal bins over `range` (a given [lo, hi], else the values' own [min, max]).
Binned bin(const float* values, std::size_t n, int bins, const float* range) {
  double lo = values[0], hi = values[0];
  for (std::size_t i = 0; i < n; ++i) lo = std::fmin(lo, values[i]), hi = std::fmax(hi, values[i]);
  const double min = lo, max = hi;
  if (range) lo = range[0], hi = range[1];
  if (!(lo < hi)) lo -= 0.5, hi += 0.5;  // all values equal: one unit-wide window around them
  std::vector<double> counts(static_cast<std::size_t>(bins)), edges(static_cast<std::size_t>(bins) + 1);
  const std::size_t outside = histogram(values, n, lo, hi, bins, counts.data());
  for (int b = 0; b <= bins; ++b) edges[b] = lo + (hi - lo) * b / bins;
  val h = val::object();
  h.set("edges", f64(edges));
  h.set("counts", f64(counts));
  h.set("outside", static_cast<double>(outside));
  return {min, max, h};
}

val dot_products(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int dim = a.integer(dp::dim), pairs = a.integer(dp::pairs), bins = a.integer(dp::bins);
  const EntryDistribution dist = read_distribution(a, dp::distribution, dp::mean, dp::std);
  std::vector<float> values(static_cast<std::size_t>(pairs));
  random_dot_products(dist, dim, pairs, a.seed(dp::seed), values.data());
  const Moments m = moments(values.data(), values.size());
  const Binned b = bin(values.data(), values.size(), bins, a.given(dp::range) ? a.f32(dp::range) : nullptr);
  const VariancePrediction p = predict_independent_pairs_variance(dist, dim, pairs);

  val r = val::object();
  r.set("values", f32(values.data(), values.size()));
  r.set("mean", m.mean);
  r.set("variance", m.variance);
  r.set("sd", std::sqrt(m.variance));
  r.set("min", b.min);
  r.set("max", b.max);
  r.set("theoryMean", dim * dist.entry_mean() * dist.entry_mean());
  r.set("theoryVariance", p.theory);
  r.set("expectedVariance", p.expected);
  r.set("expectedVarianceSd", p.sd);
  r.set("histogram", b.histogram);
  return r;
}

val histogram_of(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const Binned b = bin(a.f32(hg::values), a.length(hg::values), a.integer(hg::bins), a.given(hg::range) ? a.f32(hg::range) : nullptr);
  val r = val::object();
  r.set("min", b.min);
  r.set("max", b.max);
  r.set("histogram", b.histogram);
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

  const std::size_t k = static_cast<std::size_t>(max_dim);
  std::vector<int> dims(k);
  std::vector<double> theory_mean(k), theory_variance(k), expected(k), expected_sd(k), fitted(k);
  std::vector<double> theory_row(k), expected_row(k);
  const double mu2 = dist.entry_mean() * dist.entry_mean();
  const double row_slope = dist.row_variance(), row_slope_expected = expected_row_slope(dist, vectors);
  for (std::size_t i = 0; i < k; ++i) {
    const int d = static_cast<int>(i) + 1;
    dims[i] = d;
    const VariancePrediction p = predict_all_pairs_variance(dist, d, vectors);
    const double root = std::sqrt(static_cast<double>(d));
    theory_mean[i] = scaled ? root * mu2 : d * mu2;
    theory_variance[i] = scaled ? p.theory / d : p.theory;
    expected[i] = scaled ? p.expected / d : p.expected;
    expected_sd[i] = scaled ? p.sd / d : p.sd;
    fitted[i] = s.fit.slope * d + s.fit.intercept;  // the fitted line at each d, so the page draws it as is
    theory_row[i] = scaled ? row_slope : d * row_slope;
    expected_row[i] = scaled ? row_slope_expected : d * row_slope_expected;
  }
  val r = val::object();
  r.set("dims", i32(dims));
  r.set("mean", f64(s.mean));
  r.set("variance", f64(s.variance));
  r.set("slope", s.fit.slope);
  r.set("intercept", s.fit.intercept);
  r.set("fitted", f64(fitted));
  // Absent when fewer than two d have a positive variance (constant entries, σ = 0): there is no line to fit.
  if (std::isfinite(s.log_log_slope)) r.set("logLogSlope", s.log_log_slope);
  r.set("theorySlope", dist.product_variance());
  r.set("expectedSlope", expected_pairs_slope(dist, vectors));
  r.set("theoryMean", f64(theory_mean));
  r.set("theoryVariance", f64(theory_variance));
  r.set("expectedVariance", f64(expected));
  r.set("expectedVarianceSd", f64(expected_sd));
  r.set("rowVariance", f64(s.row_variance));
  r.set("rowMeanVariance", f64(s.row_mean_variance));
  r.set("rowSlope", s.row_fit.slope);
  r.set("theoryRowSlope", row_slope);
  r.set("expectedRowSlope", row_slope_expected);
  r.set("theoryRowVariance", f64(theory_row));
  r.set("expectedRowVariance", f64(expected_row));
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
  r.set("difference", s.var_cx - s.c2_var_x);
  return r;
}

// Numbers set by name through one function, not one template instance per name's length.
void put(val& r, std::initializer_list<std::pair<const char*, double>> fields) {
  for (const auto& [name, value] : fields) r.set(std::string(name), value);
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
          {"theoryDotSd", s.theory_dot_sd}, {"sqrtDim", std::sqrt(static_cast<double>(s.dim))}});
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
          {"maxEntropy", w.max_entropy}, {"logitVariance", w.dot_variance / w.dim}, {"sqrtDim", std::sqrt(static_cast<double>(w.dim))},
          {"theoryCosSd", 1.0 / std::sqrt(static_cast<double>(w.dim))}, {"uniformWeight", 1.0 / w.n}});
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
