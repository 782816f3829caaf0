// Lesson 7's functions (web/schema/beyond.js; cpp/engine/beyond.h): what later work does about attention's
// temperature. lengthScaling is closed form; alignmentScaling and qkNormDemo are Monte Carlo.
#include <cmath>

#include "common.h"
#include "engine/beyond.h"

namespace asl::bindings {
namespace {

namespace ls = schema::length_scaling;
namespace as = schema::alignment_scaling;
namespace qn = schema::qk_norm_demo;

val two_level_value(const TwoLevelRow& row) {
  val r = val::object();
  r.set("topWeight", row.top_weight);
  r.set("maxWeight", row.max_weight);
  r.set("entropy", row.entropy);
  return r;
}

val length_scaling(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const double top = a.number(ls::top), rest = a.number(ls::rest), s = a.number(ls::s);
  const LengthScaling l = asl::length_scaling(a.f64(ls::ns), a.length(ls::ns), top, rest, s);
  using P = LengthPoint;
  val r = val::object();
  set_columns<P>(r, l.points, {{"ns", [](const P& p) { return p.n; }},
                               {"scale", [](const P& p) { return p.scale; }},
                               {"plainMaxWeight", [](const P& p) { return p.plain.max_weight; }},
                               {"plainTopWeight", [](const P& p) { return p.plain.top_weight; }},
                               {"plainEntropy", [](const P& p) { return p.plain.entropy; }},
                               {"scaledMaxWeight", [](const P& p) { return p.scaled.max_weight; }},
                               {"scaledTopWeight", [](const P& p) { return p.scaled.top_weight; }},
                               {"scaledEntropy", [](const P& p) { return p.scaled.entropy; }},
                               {"maxEntropy", [](const P& p) { return p.max_entropy; }}});
  r.set("sGap", l.s_gap);
  r.set("scaledLimit", l.scaled_limit);
  // null where no s exists (top <= rest) or e^(1/s) is beyond a double (s = 0 or tiny): never Infinity
  r.set("criticalS", std::isfinite(l.critical_s) ? val(l.critical_s) : val::null());
  r.set("unitScaleN", std::isfinite(l.unit_scale_n) ? val(l.unit_scale_n) : val::null());
  r.set("top", top);
  r.set("rest", rest);
  r.set("s", s);
  return r;
}

// Per-d_k fields of one scale (1/√d_k or μP's) as an object of Float64Arrays.
val scaled_rows_value(const AlignmentScaling& a, double AlignmentPoint::*scale, ScaledRow AlignmentPoint::*row) {
  using P = AlignmentPoint;
  const auto of = [row](double ScaledRow::*field) { return [row, field](const P& p) { return (p.*row).*field; }; };
  const auto value = [row](Estimate ScaledRow::*field) { return [row, field](const P& p) { return ((p.*row).*field).value; }; };
  const auto error = [row](Estimate ScaledRow::*field) { return [row, field](const P& p) { return ((p.*row).*field).std_error; }; };
  val r = val::object();
  set_columns<P>(r, a.points, {{"scale", [scale](const P& p) { return p.*scale; }},
                               {"alignedLogit", value(&ScaledRow::aligned_logit)},
                               {"alignedLogitStdError", error(&ScaledRow::aligned_logit)},
                               {"alignedLogitSd", of(&ScaledRow::aligned_logit_sd)},
                               {"otherLogitSd", of(&ScaledRow::other_logit_sd)},
                               {"maxWeight", value(&ScaledRow::max_weight)},
                               {"maxWeightStdError", error(&ScaledRow::max_weight)},
                               {"alignedWeight", value(&ScaledRow::aligned_weight)},
                               {"alignedWeightStdError", error(&ScaledRow::aligned_weight)},
                               {"entropy", value(&ScaledRow::entropy)},
                               {"entropyStdError", error(&ScaledRow::entropy)},
                               {"theoryMean", of(&ScaledRow::theory_mean)},
                               {"theorySd", of(&ScaledRow::theory_sd)},
                               {"theoryOtherSd", of(&ScaledRow::theory_other_sd)}});
  return r;
}

val alignment_scaling(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  AlignmentConfig c;
  c.rho = a.number(as::rho);
  c.n = a.integer(as::n);
  c.samples = a.integer(as::samples);
  c.base_d_k = a.integer(as::baseDK);
  c.seed = a.seed(as::seed);
  c.d_ks.assign(a.i32(as::dKs), a.i32(as::dKs) + a.length(as::dKs));
  const double start = now_ms();
  const AlignmentScaling s = asl::alignment_scaling(c);
  const double compute_ms = now_ms() - start;
  using P = AlignmentPoint;
  val r = val::object();
  r.set("dKs", i32(c.d_ks));
  r.set("inverseSqrt", scaled_rows_value(s, &P::inverse_sqrt_scale, &P::inverse_sqrt));
  r.set("mup", scaled_rows_value(s, &P::mup_scale, &P::mup));
  r.set("mupLimit", two_level_value(s.mup_limit));
  r.set("uniformWeight", s.uniform_weight);
  r.set("maxEntropy", s.max_entropy);
  r.set("rho", c.rho);
  r.set("n", c.n);
  r.set("samples", c.samples);
  r.set("baseDK", c.base_d_k);
  r.set("computeMs", compute_ms);
  return r;
}

// Per-drift fields of one way of forming the logits.
val sharpness_columns(const QkNormDemo& d, RowSharpness QkNormPoint::*way) {
  using P = QkNormPoint;
  val r = val::object();
  set_columns<P>(r, d.points, {{"entropy", [way](const P& p) { return (p.*way).entropy.value; }},
                               {"entropyStdError", [way](const P& p) { return (p.*way).entropy.std_error; }},
                               {"maxWeight", [way](const P& p) { return (p.*way).max_weight.value; }},
                               {"maxWeightStdError", [way](const P& p) { return (p.*way).max_weight.std_error; }},
                               {"maxAbsLogit", [way](const P& p) { return (p.*way).max_abs_logit; }}});
  return r;
}

val qk_norm_demo(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  QkNormConfig c;
  c.d_k = a.integer(qn::dK);
  c.n = a.integer(qn::n);
  c.g = a.number(qn::g);
  c.samples = a.integer(qn::samples);
  c.seed = a.seed(qn::seed);
  const double* drifts = a.f64(qn::drifts);
  const int count = a.length(qn::drifts);
  const double start = now_ms();
  const QkNormDemo d = asl::qk_norm_demo(c, drifts, count);
  const double compute_ms = now_ms() - start;
  val r = val::object();
  r.set("drifts", f64(drifts, static_cast<std::size_t>(count)));
  r.set("standard", sharpness_columns(d, &QkNormPoint::standard));
  r.set("qkNorm", sharpness_columns(d, &QkNormPoint::qk_norm));
  r.set("qkLayerNorm", sharpness_columns(d, &QkNormPoint::qk_layernorm));
  r.set("sharpest", two_level_value(d.sharpest));
  r.set("minEntropy", d.min_entropy);
  r.set("minEntropyTops", d.min_entropy_tops);
  r.set("maxEntropy", d.max_entropy);
  r.set("layerNormBound", d.layer_norm_bound);
  r.set("dK", c.d_k);
  r.set("g", c.g);
  r.set("n", c.n);
  r.set("samples", c.samples);
  r.set("computeMs", compute_ms);
  return r;
}

}  // namespace
}  // namespace asl::bindings

EMSCRIPTEN_BINDINGS(asl_beyond) {
  using namespace asl::bindings;
  emscripten::function("lengthScaling", &length_scaling);
  emscripten::function("alignmentScaling", &alignment_scaling);
  emscripten::function("qkNormDemo", &qk_norm_demo);
}
