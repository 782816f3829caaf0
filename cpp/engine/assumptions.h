// Lesson 4: where 1/√d_k comes from and what breaks it, by Monte Carlo against closed forms. (1) Each step of
// Var(Σ qᵢkᵢ) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = d_k measured, with standard errors from the sample size. (2) Scores of
// self-attention built as Q = X·W_q, K = X·W_k from random X and weights: the source paper's relaxed prediction, the
// exact off-diagonal and diagonal variances (derived in assumptions.cpp), softmax sharpness, and weight drift.
// Every variance is a population variance. It never throws and does no I/O: callers validate sizes and ranges.
#pragma once

#include <cstdint>
#include <vector>

#include "estimate.h"
#include "matrix.h"

namespace asl {

// ---- (1) The derivation --------------------------------------------------------------------------------------

// q and k are d_k-dimensional with independent components; component i has qᵢ ~ N(mean_q, sigma_q²) and
// kᵢ ~ N(mean_k, sigma_k²), jointly normal with correlation `correlation` between qᵢ and kᵢ. The defaults (0, 1, 0)
// are the derivation's assumptions; the others let a lesson break one step at a time.
struct DerivationConfig {
  int d_k = 64;
  int samples = 10000;  // independent (q, k) pairs, >= 2
  std::uint64_t seed = 1;
  double mean_q = 0.0, mean_k = 0.0, sigma_q = 1.0, sigma_k = 1.0, correlation = 0.0;
};

// The same quantities, measured (Estimate) or exact (double), named after the step they check.
template <typename T>
struct DerivationQuantities {
  T mean_q{}, mean_k{};          // E qᵢ, E kᵢ (pooled over the components i)
  T var_q{}, var_k{};            // Var qᵢ, Var kᵢ (pooled)
  T cov_qk{};                    // Cov(qᵢ, kᵢ) (pooled)
  T pair_cov_q{}, pair_cov_k{};  // Cov(qᵢ, qⱼ), Cov(kᵢ, kⱼ), i ≠ j, averaged over the pairs; NaN when d_k = 1
  T mean_product{}, var_product{};  // E(qᵢkᵢ), Var(qᵢkᵢ) of one term (pooled)
  T mean_dot{};                  // E(q·k)
  T var_dot{};                   // step 1: Var(q·k) = Var(Σᵢ qᵢkᵢ)
  T sum_var_products{};          // step 2: Σᵢ Var(qᵢkᵢ)
  T covariance_sum{};            // Σ_{i≠j} Cov(qᵢkᵢ, qⱼkⱼ) = step 1 − step 2 (0 under the assumptions)
  T sum_var_q_var_k{};           // step 3: Σᵢ Var(qᵢ)·Var(kᵢ)
  T scaled_var_dot{};            // Var(q·k)/d_k: the variance of the logits q·k/√d_k (1 under the assumptions)
};

struct DerivationCheck {
  DerivationConfig config;
  DerivationQuantities<Estimate> measured;
  DerivationQuantities<double> theory;
};

DerivationQuantities<double> derivation_theory(const DerivationConfig& c);
// Sample s draws (z₁, z₂) per component from its own stream, so a larger d_k extends the same samples and more
// samples keep the first ones. Two passes over the same draws: the means, then everything around them.
DerivationCheck derivation_check(const DerivationConfig& c);

// ---- (2) Q = X·W_q, K = X·W_k --------------------------------------------------------------------------------

// Each sample draws a fresh X (tokens, d_x) with entries N(mean_x, sigma_x²) and fresh W_q, W_k (d_x, d_k) with
// entries N(0, sigma_wq²), N(0, sigma_wk²): the ensemble over initialisations that the closed forms describe.
struct AssumptionConfig {
  int d_x = 64, d_k = 64;
  double sigma_x = 1.0, sigma_wq = 0.125, sigma_wk = 0.125, mean_x = 0.0;
  int tokens = 8;      // >= 2
  int samples = 300;   // >= 2
  std::uint64_t seed = 1;
};

// Closed forms for score variances with W_q, W_k scaled by `drift` (see assumptions.cpp for the derivations).
struct ScoreVarianceForms {
  double paper = 0.0;          // (d_x σ_X² σ_Wq²)(d_x σ_X² σ_Wk²)·d_k, σ_W including the drift
  double off_diagonal = 0.0;   // Var(q_i·k_j), i ≠ j
  double diagonal = 0.0;       // Var(q_i·k_i)
  double all = 0.0;            // what the variance of all tokens² scores tends to
  double within_row = 0.0;     // E[population variance of q_i·k_j over the keys j ≠ i of one row]
  double diagonal_ratio = 0.0; // diagonal / off_diagonal: 1 + 2/d_x when mean_x = 0
};
ScoreVarianceForms score_variance_forms(const AssumptionConfig& c, double drift);

// Mean, over the rows of the score matrices, of the largest weight and the entropy of softmax(β·row).
struct Sharpness {
  Estimate max_weight, entropy;
};

struct AssumptionPoint {
  double drift = 1.0;                 // W_q and W_k multiplied by this
  ScoreVarianceForms predicted;
  Estimate measured;                  // variance of all tokens² scores
  Estimate measured_diagonal, measured_off_diagonal, within_row;
  Estimate mean_diagonal, mean_off_diagonal;
  Estimate diagonal_ratio;            // measured_diagonal / measured_off_diagonal, with its delta-method error
  double scaled_variance = 0.0;       // measured / d_k: the variance after the 1/√d_k scaling
  double scaled_variance_std_error = 0.0;  // measured's standard error / d_k
  double scaled_predicted = 0.0;      // predicted.paper / d_k
  double standard_beta = 0.0;         // 1/√d_k
  double restoring_beta = 0.0;        // 1/√measured: Var(β·score) = 1
  double predicted_restoring_beta = 0.0;  // 1/√predicted.all
  Sharpness scaled;                   // β = 1/√d_k
  Sharpness restored;                 // β = predicted_restoring_beta (known before sampling, so one pass suffices)
};

struct AssumptionCheck {
  AssumptionConfig config;
  std::vector<AssumptionPoint> points;  // one per drift factor, in the order given
  // What 1/√d_k aims for: rows of `tokens` independent N(0, 1) logits (own streams, samples·tokens rows).
  Sharpness assumed;
  double max_entropy = 0.0;             // ln tokens
  RowMatrixXf first_scores;             // (tokens, tokens): sample 0 at the first drift factor
  RowMatrixXf first_weights;            // its softmax rows with β = 1/√d_k
};

// drifts non-empty, each > 0. The same X and W draws serve every drift factor (common random numbers), so a drift
// curve is smooth and the f⁴ law shows exactly. Sample s draws row t of X from stream (s, t) and column c of W_q
// and W_k from streams (s, c): more tokens, a larger d_k or more samples keep what was drawn.
AssumptionCheck assumption_check(const AssumptionConfig& c, const std::vector<double>& drifts);

}  // namespace asl
