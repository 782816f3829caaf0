// Lesson 3's functions (web/schema/softmax-lab.js; cpp/engine/softmax_lab.h, softmax_panels.h, spread.h,
// weight_cap.h): two logits and the spread of their gap, one row's softmax statistics, the gradient sweep and its
// per-row distribution, the weight cap and the numerics panel. Each reads its options, calls the engine and writes.
#include "common.h"
#include "engine/softmax_lab.h"
#include "engine/softmax_panels.h"
#include "engine/weight_cap.h"

namespace asl::bindings {
namespace {

namespace tl = schema::two_logit_curve;
namespace gp = schema::gap_spread;
namespace ss = schema::softmax_stats;
namespace gs = schema::gradient_sweep;
namespace gd = schema::gradient_distribution;
namespace pw = schema::peak_weight_cap;
namespace sn = schema::softmax_numerics;

ScoreModel model_of(int choice) { return choice == ss::model_choice::dot ? ScoreModel::dot : ScoreModel::normal; }
const char* model_name(ScoreModel model) { return model == ScoreModel::dot ? "dot" : "normal"; }

val two_logit_curve(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const TwoLogitGrid g = two_logit_grid(a.number(tl::halfWidth), a.integer(tl::points), a.number(tl::at));
  val r = val::object();
  r.set("gaps", f64(g.gaps));
  r.set("p", f64(g.p));
  r.set("slope", f64(g.slope));
  r.set("at", g.at);
  r.set("pAt", g.p_at);
  r.set("slopeAt", g.slope_at);
  r.set("halfWidth", a.number(tl::halfWidth));
  r.set("points", a.integer(tl::points));
  return r;
}

val gap_spread(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int* d = a.i32(gp::dKs);
  const std::vector<int> d_ks(d, d + a.length(gp::dKs));
  const int pairs = a.integer(gp::pairs);
  const double threshold = a.number(gp::threshold);
  const std::uint64_t seed = a.seed(gp::seed);
  const std::size_t k = d_ks.size();
  std::vector<double> sd_u(k), sd_s(k), expected_u(k), expected_s(k), flat_u(k), flat_s(k), median_u(k), median_s(k);
  const double start = now_ms();
  for (std::size_t i = 0; i < k; ++i) {
    const GapSpread g = asl::gap_spread(d_ks[i], pairs, seed, threshold);
    sd_u[i] = g.sd_unscaled, sd_s[i] = g.sd_scaled;
    expected_u[i] = g.expected_sd_unscaled, expected_s[i] = g.expected_sd_scaled;
    flat_u[i] = g.flat_unscaled, flat_s[i] = g.flat_scaled;
    median_u[i] = g.median_slope_unscaled, median_s[i] = g.median_slope_scaled;
  }
  const double compute_ms = now_ms() - start;
  const auto side = [](const std::vector<double>& sd, const std::vector<double>& expected, const std::vector<double>& flat,
                       const std::vector<double>& median) {
    val r = val::object();
    r.set("sd", f64(sd));
    r.set("expectedSd", f64(expected));
    r.set("flat", f64(flat));
    r.set("medianSlope", f64(median));
    return r;
  };
  val r = val::object();
  r.set("dKs", i32(d_ks));
  r.set("unscaled", side(sd_u, expected_u, flat_u, median_u));
  r.set("scaled", side(sd_s, expected_s, flat_s, median_s));
  r.set("pairs", pairs);
  r.set("threshold", threshold);
  r.set("computeMs", compute_ms);
  return r;
}

val softmax_stats(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int d_k = a.integer(ss::dK);
  const double beta = a.number(ss::beta);
  const bool scaled = a.flag(ss::scaled);
  int n = a.integer(ss::n);
  std::vector<double> scores;
  if (a.given(ss::scores)) {
    const float* x = a.f32(ss::scores);
    scores.assign(x, x + a.length(ss::scores));
    n = static_cast<int>(scores.size());
  } else {
    scores.resize(static_cast<std::size_t>(n));
    score_row(model_of(a.choice(ss::model)), d_k, n, a.seed(ss::seed), static_cast<std::uint64_t>(a.integer(ss::row)),
              scores.data());
  }
  const SoftmaxRow row = softmax_row(scores, d_k, beta, scaled);
  const SoftmaxAnalysis& s = row.analysis;
  val r = val::object();
  r.set("scores", f64(scores));
  r.set("scale", row.scale);
  r.set("scaledScores", f64(row.scaled_scores));
  r.set("logits", f64(row.logits));
  r.set("weights", f64(s.p));
  r.set("argmax", s.argmax);
  r.set("maxWeight", s.max_weight);
  r.set("oneMinusMaxWeight", s.complement[s.argmax]);
  r.set("entropy", s.entropy);
  r.set("maxEntropy", s.max_entropy);
  r.set("effectiveKeys", s.effective_keys);
  r.set("jacobian", f64(row.jacobian));
  r.set("jacobianNorm", s.jacobian_frobenius);
  r.set("jacobianSpectralNorm", s.jacobian_spectral);
  r.set("dK", d_k);
  r.set("n", n);
  r.set("beta", beta);
  r.set("scaled", scaled);
  r.set("row", a.given(ss::scores) ? 0 : a.integer(ss::row));
  return r;
}

// One curve of gradientSweep; the query-gradient fields only for model "dot".
val gradient_curve(const GradientCurve& c, bool dot) {
  val r = val::object();
  r.set("meanNorm", f64(c.mean_norm));
  r.set("stdError", f64(c.std_error));
  r.set("meanMaxWeight", f64(c.mean_max_weight));
  r.set("meanEntropy", f64(c.mean_entropy));
  r.set("medianNorm", f64(c.median_norm));
  r.set("quartile1", f64(c.quartile1));
  r.set("quartile3", f64(c.quartile3));
  r.set("fractionBelow", f64(c.fraction_below));
  if (dot) {
    r.set("meanQueryNorm", f64(c.mean_query_norm));
    r.set("medianQueryNorm", f64(c.median_query_norm));
    r.set("p90QueryNorm", f64(c.p90_query_norm));
  }
  return r;
}

val gradient_sweep(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int* d = a.i32(gs::dKs);
  const std::vector<int> d_ks(d, d + a.length(gs::dKs));
  const int n = a.integer(gs::n), trials = a.integer(gs::trials);
  const ScoreModel model = model_of(a.choice(gs::model));
  const double threshold = a.number(gs::threshold);
  const double start = now_ms();
  const GradientSweep g = asl::gradient_sweep(model, d_ks, n, trials, a.seed(gs::seed), threshold);
  const double compute_ms = now_ms() - start;
  const bool dot = model == ScoreModel::dot;
  val r = val::object();
  r.set("dKs", i32(g.d_ks));
  r.set("unscaled", gradient_curve(g.unscaled, dot));
  r.set("scaled", gradient_curve(g.scaled, dot));
  r.set("ratio", f64(g.ratio));
  r.set("n", n);
  r.set("trials", trials);
  r.set("model", std::string(model_name(model)));
  r.set("threshold", threshold);
  r.set("computeMs", compute_ms);
  return r;
}

// One sample of gradientDistribution: every row's norm, its spread and its histogram counts.
val norm_sample(const NormSample& s) {
  val r = val::object();
  r.set("values", f64(s.values));
  r.set("counts", f64(s.counts));
  r.set("zeros", static_cast<double>(s.zeros));
  r.set("mean", s.spread.mean);
  r.set("median", s.spread.median);
  r.set("quartile1", s.spread.quartile1);
  r.set("quartile3", s.spread.quartile3);
  r.set("p90", s.spread.p90);
  r.set("max", s.spread.max);
  r.set("fractionBelow", s.spread.fraction_below);
  r.set("quartileRows", i32({static_cast<int>(s.quartile_rows[0]), static_cast<int>(s.quartile_rows[1]),
                             static_cast<int>(s.quartile_rows[2])}));
  return r;
}

val norm_pair(const NormPair& p) {
  val r = val::object();
  r.set("edges", f64(p.edges));
  r.set("unscaled", norm_sample(p.unscaled));
  r.set("scaled", norm_sample(p.scaled));
  return r;
}

val gradient_distribution(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int d_k = a.integer(gd::dK), n = a.integer(gd::n), trials = a.integer(gd::trials), bins = a.integer(gd::bins);
  const ScoreModel model = model_of(a.choice(gd::model));
  const double threshold = a.number(gd::threshold);
  const double start = now_ms();
  const GradientDistribution g = asl::gradient_distribution(model, d_k, n, trials, a.seed(gd::seed), threshold, bins);
  const double compute_ms = now_ms() - start;
  val r = val::object();
  r.set("jacobian", norm_pair(g.jacobian));
  if (model == ScoreModel::dot) r.set("query", norm_pair(g.query));
  r.set("dK", d_k);
  r.set("scale", g.scale);
  r.set("n", n);
  r.set("trials", trials);
  r.set("model", std::string(model_name(model)));
  r.set("threshold", threshold);
  r.set("bins", bins);
  r.set("computeMs", compute_ms);
  return r;
}

val peak_weight_cap(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const PeakWeightCap c = asl::peak_weight_cap(a.integer(pw::n), a.number(pw::sd));
  val r = val::object();
  r.set("n", a.integer(pw::n));
  r.set("sd", a.number(pw::sd));
  r.set("gap", c.gap);
  r.set("maxWeight", c.max_weight);
  r.set("oneMinusMaxWeight", c.one_minus_max_weight);
  r.set("log10OneMinusMaxWeight", c.log10_one_minus_max_weight);
  r.set("row", f64(c.row));
  r.set("weights", f64(c.weights));
  r.set("rowSd", c.row_sd);
  return r;
}

val softmax_numerics(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const SoftmaxNumerics s = asl::softmax_numerics(a.f32(sn::values), a.length(sn::values), a.number(sn::beta));
  val r = val::object();
  r.set("naive32", f32(s.naive32.data(), s.naive32.size()));
  r.set("stable32", f32(s.stable32.data(), s.stable32.size()));
  r.set("naive64", f64(s.naive64));
  r.set("stable64", f64(s.stable64));
  r.set("maxLogit", s.max_logit);
  r.set("minLogit", s.min_logit);
  r.set("overflowAt32", s.overflow_at32);
  r.set("overflowAt64", s.overflow_at64);
  r.set("naive32Ok", s.naive32_ok);
  r.set("stable32Ok", s.stable32_ok);
  r.set("naive64Ok", s.naive64_ok);
  r.set("stable64Ok", s.stable64_ok);
  return r;
}

}  // namespace
}  // namespace asl::bindings

EMSCRIPTEN_BINDINGS(asl_softmax_lab) {
  using namespace asl::bindings;
  emscripten::function("twoLogitCurve", &two_logit_curve);
  emscripten::function("gapSpread", &gap_spread);
  emscripten::function("softmaxStats", &softmax_stats);
  emscripten::function("gradientSweep", &gradient_sweep);
  emscripten::function("gradientDistribution", &gradient_distribution);
  emscripten::function("peakWeightCap", &peak_weight_cap);
  emscripten::function("softmaxNumerics", &softmax_numerics);
}
