// Lesson 4's functions (web/schema/temperature.js; cpp/engine/temperature.h, assumptions.h, weight_drift.h): softmax
// at several temperatures, normalising over either index, the Var(q·k) = d_k derivation and its assumptions. Each
// reads its options, calls the engine and writes the result.
#include <cmath>

#include "common.h"
#include "engine/assumptions.h"
#include "engine/temperature.h"
#include "engine/weight_drift.h"

namespace asl::bindings {
namespace {

namespace bz = schema::boltzmann;
namespace nd = schema::normalisation_demo;
namespace dv = schema::derivation;
namespace ac = schema::assumption_check;
namespace wd = schema::weight_drift;

val boltzmann(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const int n = a.length(bz::scores), m = a.length(bz::betas);
  const double* betas = a.f64(bz::betas);
  const Boltzmann b = asl::boltzmann(a.f64(bz::scores), n, betas, m, a.number(bz::shift));
  std::vector<double> weights, shifted, temperature, max_weight, complement, entropy, effective, change;
  std::vector<int> argmax;
  for (const BoltzmannPoint& p : b.points) {
    weights.insert(weights.end(), p.weights.begin(), p.weights.end());
    shifted.insert(shifted.end(), p.shifted_weights.begin(), p.shifted_weights.end());
    temperature.push_back(p.temperature);
    argmax.push_back(p.argmax);
    max_weight.push_back(p.max_weight);
    complement.push_back(p.one_minus_max_weight);
    entropy.push_back(p.entropy);
    effective.push_back(p.effective_keys);
    change.push_back(p.shift_change);
  }
  val r = val::object();
  r.set("scores", f64(b.scores));
  r.set("betas", f64(betas, static_cast<std::size_t>(m)));
  r.set("temperatures", f64(temperature));
  r.set("weights", f64(weights));
  r.set("argmax", i32(argmax));
  r.set("maxWeight", f64(max_weight));
  r.set("oneMinusMaxWeight", f64(complement));
  r.set("entropy", f64(entropy));
  r.set("effectiveKeys", f64(effective));
  r.set("maxEntropy", b.max_entropy);
  r.set("uniformWeight", b.uniform_weight);
  r.set("shift", a.number(bz::shift));
  r.set("shiftedScores", f64(b.shifted_scores));
  r.set("shiftedWeights", f64(shifted));
  r.set("shiftChange", f64(change));
  r.set("maxShiftChange", b.max_shift_change);
  r.set("n", n);
  r.set("count", m);
  return r;
}

val normalisation_demo(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const double* s = a.f64(nd::scores);
  const Normalisation n = normalise_both_ways(s, a.integer(nd::rows), a.integer(nd::cols), a.number(nd::beta));
  const KernelRows kernel = kernel_rows(s, n);
  val r = val::object();
  r.set("rows", n.rows);
  r.set("cols", n.cols);
  r.set("beta", n.beta);
  r.set("scores", f64(s, n.by_row.size()));
  r.set("byRow", f64(n.by_row));
  r.set("byColumn", f64(n.by_column));
  r.set("byRowRowSums", f64(n.by_row_row_sums));
  r.set("byRowColumnSums", f64(n.by_row_column_sums));
  r.set("byColumnRowSums", f64(n.by_column_row_sums));
  r.set("byColumnColumnSums", f64(n.by_column_column_sums));
  r.set("rowEntropy", f64(n.row_entropy));
  r.set("columnEntropy", f64(n.column_entropy));
  r.set("maxDifference", n.max_difference);
  r.set("kernelWeights", f32(kernel.weights.data(), kernel.weights.size()));
  r.set("kernelMaxDifference", kernel.max_difference);
  return r;
}

// A quantity that does not exist (the pair covariances at dK = 1: there are no pairs) is null, never NaN.
val finite_or_null(double x) { return std::isfinite(x) ? val(x) : val::null(); }

val quantity(const Estimate& e, double theory) {
  val q = val::object();
  q.set("value", finite_or_null(e.value));
  q.set("stdError", finite_or_null(e.std_error));
  q.set("theory", finite_or_null(theory));
  return q;
}

val derivation(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  DerivationConfig c;
  c.d_k = a.integer(dv::dK);
  c.samples = a.integer(dv::samples);
  c.seed = a.seed(dv::seed);
  c.mean_q = a.number(dv::meanQ);
  c.mean_k = a.number(dv::meanK);
  c.sigma_q = a.number(dv::sigmaQ);
  c.sigma_k = a.number(dv::sigmaK);
  c.correlation = a.number(dv::correlation);
  const double start = now_ms();
  const DerivationCheck d = derivation_check(c);
  const double compute_ms = now_ms() - start;
  const auto& m = d.measured;
  const auto& t = d.theory;
  val r = val::object();
  r.set("meanQ", quantity(m.mean_q, t.mean_q));
  r.set("meanK", quantity(m.mean_k, t.mean_k));
  r.set("varQ", quantity(m.var_q, t.var_q));
  r.set("varK", quantity(m.var_k, t.var_k));
  r.set("covQK", quantity(m.cov_qk, t.cov_qk));
  r.set("pairCovQ", quantity(m.pair_cov_q, t.pair_cov_q));
  r.set("pairCovK", quantity(m.pair_cov_k, t.pair_cov_k));
  r.set("meanProduct", quantity(m.mean_product, t.mean_product));
  r.set("varProduct", quantity(m.var_product, t.var_product));
  r.set("meanDot", quantity(m.mean_dot, t.mean_dot));
  r.set("varDot", quantity(m.var_dot, t.var_dot));
  r.set("sumVarProducts", quantity(m.sum_var_products, t.sum_var_products));
  r.set("covarianceSum", quantity(m.covariance_sum, t.covariance_sum));
  r.set("sumVarQVarK", quantity(m.sum_var_q_var_k, t.sum_var_q_var_k));
  r.set("scaledVariance", quantity(m.scaled_var_dot, t.scaled_var_dot));
  r.set("dK", c.d_k);
  r.set("samples", c.samples);
  r.set("computeMs", compute_ms);
  return r;
}

// The options assumptionCheck and weightDrift share (the same names in both schemas).
template <int dX, int dK, int sigmaX, int sigmaWq, int sigmaWk, int meanX, int tokens, int samples, int seed>
AssumptionConfig projection_config(const api::Slots& a) {
  AssumptionConfig c;
  c.d_x = a.integer(dX);
  c.d_k = a.integer(dK);
  c.sigma_x = a.number(sigmaX);
  c.sigma_wq = a.number(sigmaWq);
  c.sigma_wk = a.number(sigmaWk);
  c.mean_x = a.number(meanX);
  c.tokens = a.integer(tokens);
  c.samples = a.integer(samples);
  c.seed = a.seed(seed);
  return c;
}

void set_estimate(val& r, const std::string& name, const Estimate& e) {
  r.set(name, e.value);
  r.set(name + "StdError", e.std_error);
}

val sharpness(const Sharpness& s) {
  val r = val::object();
  set_estimate(r, "maxWeight", s.max_weight);
  set_estimate(r, "entropy", s.entropy);
  return r;
}

val assumption_check(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const AssumptionConfig c = projection_config<ac::dX, ac::dK, ac::sigmaX, ac::sigmaWq, ac::sigmaWk, ac::meanX,
                                               ac::tokens, ac::samples, ac::seed>(a);
  const double drift = a.number(ac::drift);
  const double start = now_ms();
  const AssumptionCheck check = asl::assumption_check(c, {drift});
  const double compute_ms = now_ms() - start;
  const AssumptionPoint& p = check.points[0];
  val r = val::object();
  r.set("predicted", p.predicted.paper);
  r.set("predictedOffDiagonal", p.predicted.off_diagonal);
  r.set("predictedDiagonal", p.predicted.diagonal);
  r.set("predictedAll", p.predicted.all);
  r.set("predictedWithinRow", p.predicted.within_row);
  set_estimate(r, "measured", p.measured);
  set_estimate(r, "measuredDiagonal", p.measured_diagonal);
  set_estimate(r, "measuredOffDiagonal", p.measured_off_diagonal);
  set_estimate(r, "withinRowVariance", p.within_row);
  set_estimate(r, "meanDiagonal", p.mean_diagonal);
  set_estimate(r, "meanOffDiagonal", p.mean_off_diagonal);
  set_estimate(r, "diagonalRatio", p.diagonal_ratio);
  r.set("predictedDiagonalRatio", p.predicted.diagonal_ratio);
  r.set("scaledVariance", p.scaled_variance);
  r.set("scaledVarianceStdError", p.scaled_variance_std_error);
  r.set("scaledPredicted", p.scaled_predicted);
  r.set("standardBeta", p.standard_beta);
  r.set("restoringBeta", p.restoring_beta);
  r.set("predictedRestoringBeta", p.predicted_restoring_beta);
  r.set("scaled", sharpness(p.scaled));
  r.set("restored", sharpness(p.restored));
  r.set("assumed", sharpness(check.assumed));
  r.set("maxEntropy", check.max_entropy);
  r.set("firstScores", matrix(check.first_scores));
  r.set("firstWeights", matrix(check.first_weights));
  r.set("dX", c.d_x);
  r.set("dK", c.d_k);
  r.set("sigmaX", c.sigma_x);
  r.set("sigmaWq", c.sigma_wq);
  r.set("sigmaWk", c.sigma_wk);
  r.set("meanX", c.mean_x);
  r.set("tokens", c.tokens);
  r.set("samples", c.samples);
  r.set("drift", drift);
  r.set("computeMs", compute_ms);
  return r;
}

val weight_drift(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  const AssumptionConfig c = projection_config<wd::dX, wd::dK, wd::sigmaX, wd::sigmaWq, wd::sigmaWk, wd::meanX,
                                               wd::tokens, wd::samples, wd::seed>(a);
  const double* f = a.f64(wd::drifts);
  const std::vector<double> drifts(f, f + a.length(wd::drifts));
  const double start = now_ms();
  const WeightDrift w = asl::weight_drift(c, drifts);
  const double compute_ms = now_ms() - start;
  const std::size_t k = drifts.size();
  std::vector<double> predicted(k), predicted_all(k), measured(k), measured_se(k), diagonal(k), off_diagonal(k),
      scaled(k), scaled_se(k), restoring(k), max_weight(k), max_weight_se(k), entropy(k), entropy_se(k), restored(k),
      restored_se(k);
  for (std::size_t i = 0; i < k; ++i) {
    const AssumptionPoint& p = w.check.points[i];
    predicted[i] = p.predicted.paper;
    predicted_all[i] = p.predicted.all;
    measured[i] = p.measured.value;
    measured_se[i] = p.measured.std_error;
    diagonal[i] = p.measured_diagonal.value;
    off_diagonal[i] = p.measured_off_diagonal.value;
    scaled[i] = p.scaled_variance;
    scaled_se[i] = p.scaled_variance_std_error;
    restoring[i] = p.restoring_beta;
    max_weight[i] = p.scaled.max_weight.value;
    max_weight_se[i] = p.scaled.max_weight.std_error;
    entropy[i] = p.scaled.entropy.value;
    entropy_se[i] = p.scaled.entropy.std_error;
    restored[i] = p.restored.max_weight.value;
    restored_se[i] = p.restored.max_weight.std_error;
  }
  val r = val::object();
  for (const auto& [name, column] :
       {std::pair<const char*, const std::vector<double>*>{"drifts", &drifts}, {"predicted", &predicted},
        {"predictedAll", &predicted_all}, {"measured", &measured}, {"measuredStdError", &measured_se},
        {"varianceRatio", &w.variance_ratio}, {"sdRatio", &w.sd_ratio}, {"measuredDiagonal", &diagonal},
        {"measuredOffDiagonal", &off_diagonal}, {"scaledVariance", &scaled}, {"scaledVarianceStdError", &scaled_se},
        {"restoringBeta", &restoring}, {"maxWeight", &max_weight}, {"maxWeightStdError", &max_weight_se},
        {"entropy", &entropy}, {"entropyStdError", &entropy_se}, {"restoredMaxWeight", &restored},
        {"restoredMaxWeightStdError", &restored_se}})
    r.set(name, f64(*column));
  r.set("assumed", sharpness(w.check.assumed));
  r.set("maxEntropy", w.check.max_entropy);
  r.set("standardBeta", w.standard_beta);
  r.set("dX", c.d_x);
  r.set("dK", c.d_k);
  r.set("tokens", c.tokens);
  r.set("samples", c.samples);
  r.set("computeMs", compute_ms);
  return r;
}

}  // namespace
}  // namespace asl::bindings

EMSCRIPTEN_BINDINGS(asl_temperature) {
  using namespace asl::bindings;
  emscripten::function("boltzmann", &boltzmann);
  emscripten::function("normalisationDemo", &normalisation_demo);
  emscripten::function("derivation", &derivation);
  emscripten::function("assumptionCheck", &assumption_check);
  emscripten::function("weightDrift", &weight_drift);
}
