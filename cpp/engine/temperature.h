// Lesson 4's softmax as a Boltzmann distribution: softmax(β·s) of one row of scores for a list of inverse
// temperatures β (T = 1/β), with entropy and largest weight, the same row shifted by a constant (which changes
// nothing), and one score matrix normalised over its last index (rows sum to 1, as attention does) and over its first
// (columns sum to 1). Float64 and scalar, built on analyze_softmax (softmax_lab.h), with the float32 kernel's rows
// beside them. It never throws and does no I/O: callers validate sizes and ranges.
#pragma once

#include <vector>

namespace asl {

// One inverse temperature applied to the row.
struct BoltzmannPoint {
  double beta = 0.0;
  double temperature = 0.0;            // 1/β; +inf at β = 0
  std::vector<double> weights;         // softmax(β·s), (n)
  std::vector<double> shifted_weights; // softmax(β·(s + shift)), (n)
  int argmax = 0;
  double max_weight = 0.0;
  double one_minus_max_weight = 0.0;   // without cancellation, from the other weights
  double entropy = 0.0;                // nats: ln n when uniform (β = 0), 0 when one-hot
  double effective_keys = 0.0;         // e^entropy, 1 … n
  double shift_change = 0.0;           // max_j |weights_j − shifted_weights_j|: float64 rounding of s + shift only
};

struct Boltzmann {
  std::vector<double> scores, shifted_scores;  // s and s + shift, (n)
  double shift = 0.0;
  double max_entropy = 0.0;                    // ln n
  double uniform_weight = 0.0;                 // 1/n, every weight at β = 0
  std::vector<BoltzmannPoint> points;          // one per β, in the order given
  double max_shift_change = 0.0;               // over every β
};

// scores (n >= 1, finite), betas (n_betas >= 1, each finite and >= 0), shift finite.
Boltzmann boltzmann(const double* scores, int n, const double* betas, int n_betas, double shift);

// A score matrix s (rows, cols), row-major, e.g. queries × keys, normalised two ways with weights exp(β·s):
//   by_row:    w_ij = exp(β s_ij) / Σ_j' exp(β s_ij')  — over the last index: each row sums to 1. This is attention:
//              query i spreads one unit of weight over the keys.
//   by_column: w_ij = exp(β s_ij) / Σ_i' exp(β s_i'j)  — over the first index: each column sums to 1, as the
//              source paper's formula is written (its text says the last index).
// The two agree only in special cases (e.g. by_column(s) = by_row(sᵀ)ᵀ, so a symmetric s gives transposes).
struct Normalisation {
  int rows = 0, cols = 0;
  double beta = 1.0;
  std::vector<double> by_row, by_column;                    // (rows, cols), row-major
  std::vector<double> by_row_row_sums, by_row_column_sums;  // (rows), (cols)
  std::vector<double> by_column_row_sums, by_column_column_sums;
  std::vector<double> row_entropy;     // (rows): entropy of each row of by_row
  std::vector<double> column_entropy;  // (cols): entropy of each column of by_column
  double max_difference = 0.0;         // max |by_row − by_column|
};

// scores (rows, cols) finite, rows and cols >= 1, beta finite and >= 0.
Normalisation normalise_both_ways(const double* scores, int rows, int cols, double beta);

// What the engine's attention does with the same matrix: the float32 SIMD softmax kernel over each row of the scores
// (rounded to float32) at β, and the largest |difference| from the float64 by_row weights of `n`.
struct KernelRows {
  std::vector<float> weights;  // (rows, cols), row-major
  double max_difference = 0.0;
};
KernelRows kernel_rows(const double* scores, const Normalisation& n);

}  // namespace asl
