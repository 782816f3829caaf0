// Lesson 7: what later work does about attention's temperature, each measured on a small controlled example: how a
// row's largest weight fades as the number of keys n grows and what multiplying the logits by s·ln n does (Chiang &
// Cholak 2022, Nakanishi 2025); how the logit of a query with an aligned key grows with d_k under 1/√d_k and stays
// level under μP's 1/d_k (Yang et al. 2022); and how QK-norm (Henry et al. 2020) and qk-layernorm keep a row's
// entropy fixed while the queries and keys grow (Dehghani et al. 2023, Wortsman et al. 2023). It does not train a
// model. Float64 and scalar; it never throws and does no I/O: callers validate sizes and ranges.
#pragma once

#include <cstdint>
#include <vector>

#include "estimate.h"

namespace asl {

// The softmax of a row of n logits: `tops` of them (1 <= tops <= n) equal to `top`, the other n − tops equal to
// `rest`, in closed form, so n may be in the millions. With u = ln((n − tops)/tops) − (top − rest) the top keys
// share P = 1/(1 + e^u) and the entropy is P·(softplus(u) + ln tops) + (1 − P)·(softplus(−u) + ln(n − tops)), both
// without overflow or cancellation.
struct TwoLevelRow {
  double top_weight = 1.0;   // the weight of one key whose logit is `top`
  double max_weight = 1.0;   // the largest weight of the row (top_weight unless rest > top)
  double entropy = 0.0;      // nats: 0 for n = 1, ln n when top = rest
};
TwoLevelRow two_level_row(double n, double top, double rest, double tops = 1.0);

// lengthScaling: for each n, the row of 2.1 as given (plain) and with every logit multiplied by s·ln n (the scaling
// of Chiang & Cholak and Nakanishi's Scalable-Softmax). Scaled, the top weight is 1/(1 + (n − 1)·n^(−s·(top − rest))):
// as n → ∞ it tends to 1 when s·(top − rest) > 1, to 1/2 when it equals 1, and to 0 below; plain, it tends to 0.
struct LengthPoint {
  double n = 1.0;
  double scale = 0.0;        // s·ln n
  double max_entropy = 0.0;  // ln n: the entropy of a uniform row
  TwoLevelRow plain, scaled;
};
struct LengthScaling {
  std::vector<LengthPoint> points;  // one per n, in the order given
  double s_gap = 0.0;               // s·(top − rest)
  double scaled_limit = 0.0;        // the scaled top weight as n → ∞: 1, 1/2 or 0 (top > rest; 0 otherwise)
  double critical_s = 0.0;          // 1/(top − rest): the s at which s·(top − rest) = 1 (+inf when top <= rest)
  double unit_scale_n = 0.0;        // e^(1/s): past this n the factor s·ln n exceeds 1 (+inf at s = 0)
};
// ns each >= 1, count >= 1, top and rest finite, s >= 0.
LengthScaling length_scaling(const double* ns, int count, double top, double rest, double s);

// alignmentScaling: a query q and a row of n keys, entries N(0, 1). Key 0 is aligned with the query: coordinate i has
// k_i = ρ·q_i + √(1 − ρ²)·z_i, so Corr(q_i, k_i) = ρ and q·k has mean ρ·d_k; the other n − 1 keys are independent
// of q. The logits are q·k times 1/√d_k, or times μP's √base_d_k / d_k (1/d_k, equal to 1/√d_k at d_k = base_d_k).
// Sampling: the d_ks share the first coordinates (a larger d_k extends the same q and keys). Given q, the dot
// product of q with a key's fresh N(0, 1) coordinates i in (d_prev, d] is exactly N(0, Σ q_i²) over those i, so each
// key costs one normal per step of d_ks and q costs max(d_ks) normals: the distribution is that of full vectors.
struct AlignmentConfig {
  std::vector<int> d_ks;  // strictly increasing, each >= 1
  double rho = 0.5;       // in [−1, 1]
  int n = 16;             // keys in a row, >= 2
  int samples = 400;      // rows per d_k, >= 2
  int base_d_k = 1;       // where μP's scale equals 1/√d_k
  std::uint64_t seed = 1;
};
struct ScaledRow {
  Estimate aligned_logit;          // mean logit of the aligned key, with its standard error
  double aligned_logit_sd = 0.0;   // its standard deviation over rows
  double other_logit_sd = 0.0;     // the standard deviation of the other keys' logits (pooled over keys and rows)
  Estimate max_weight;             // mean largest weight of a row
  Estimate aligned_weight;         // mean weight on the aligned key
  Estimate entropy;                // mean entropy of a row
  double theory_mean = 0.0, theory_sd = 0.0, theory_other_sd = 0.0;  // closed forms of the three spreads above
};
struct AlignmentPoint {
  int d_k = 1;
  double inverse_sqrt_scale = 1.0, mup_scale = 1.0;  // 1/√d_k and √base_d_k / d_k
  ScaledRow inverse_sqrt, mup;
};
struct AlignmentScaling {
  std::vector<AlignmentPoint> points;  // one per d_k
  // Under μP, as d_k → ∞ the aligned logit tends to ρ·√base_d_k and the others to 0: the row tends to this two-level
  // row (its top weight is the limit of aligned_weight).
  TwoLevelRow mup_limit;
  double uniform_weight = 0.0, max_entropy = 0.0;  // 1/n and ln n: a uniform row
};
AlignmentScaling alignment_scaling(const AlignmentConfig& c);

// qkNormDemo: a query and n keys with N(0, 1) entries in d_k dimensions, all multiplied by a drift factor f (what
// training does when it grows W_q and W_k). Per f, three ways to form the logits of a row:
//   standard:      (f·q)·(f·k)/√d_k = f²·q·k/√d_k — they grow like f²;
//   QK-norm:       g·q̂·k̂ with q̂ = q/‖q‖ (Henry et al.) — the cosine times g, in [−g, g] whatever f is;
//   qk-layernorm:  LN(f·q)·LN(f·k)/√d_k, LN(x) = (x − mean x)/sd x without gain or ε (Dehghani et al.) — also
//                  independent of f, in [−√d_k, √d_k] (d_k >= 2).
// Each is computed from the scaled vectors, so the independence of f is measured, not assumed.
struct QkNormConfig {
  int d_k = 64;        // >= 2
  int n = 16;          // keys in a row, >= 2
  double g = 8.0;      // QK-norm's scale, > 0
  int samples = 200;   // rows, >= 2
  std::uint64_t seed = 1;
};
struct RowSharpness {
  Estimate entropy, max_weight;   // means over rows, with standard errors
  double max_abs_logit = 0.0;     // the largest |logit| met
};
struct QkNormPoint {
  double drift = 1.0;
  RowSharpness standard, qk_norm, qk_layernorm;
};
struct QkNormDemo {
  std::vector<QkNormPoint> points;  // one per drift factor, the same draws for each
  // What logits in [−g, g] allow. The largest weight is at most sharpest.max_weight (one logit +g, the other n − 1
  // at −g). The entropy is at least min_entropy: along each logit the entropy only falls towards ±g (∂H/∂z_j =
  // −p_j·(z_j − Σ p_i z_i)), so its minimum is at a corner, m logits at +g and n − m at −g, and min_entropy_tops is
  // the best m: 1 when g is large, about n/2 when g is small (then H ≈ ln n − Var(z)/2 and spread wins).
  TwoLevelRow sharpest;
  double min_entropy = 0.0;
  int min_entropy_tops = 1;
  double max_entropy = 0.0;         // ln n
  double layer_norm_bound = 0.0;    // √d_k: qk-layernorm's logits lie in [−√d_k, √d_k]
};
// drifts each > 0, count >= 1.
QkNormDemo qk_norm_demo(const QkNormConfig& c, const double* drifts, int count);

}  // namespace asl
