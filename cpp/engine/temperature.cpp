// Lesson 4's Boltzmann view of softmax (see temperature.h): every weight comes from analyze_softmax, the float64
// stable softmax of Lesson 3, applied to β·s per β and per row or column of a matrix; kernel_rows sets the float32
// kernel the engine's attention runs beside those rows.
#include "temperature.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "kernels/kernels.h"
#include "softmax_lab.h"

namespace asl {

Boltzmann boltzmann(const double* scores, int n, const double* betas, int n_betas, double shift) {
  Boltzmann b;
  b.scores.assign(scores, scores + n);
  b.shifted_scores.resize(b.scores.size());
  for (int j = 0; j < n; ++j) b.shifted_scores[j] = scores[j] + shift;
  b.shift = shift;
  b.max_entropy = std::log(static_cast<double>(n));
  b.uniform_weight = 1.0 / n;
  b.points.resize(static_cast<std::size_t>(n_betas));

  std::vector<double> logits(b.scores.size());
  SoftmaxAnalysis a, shifted;
  for (int t = 0; t < n_betas; ++t) {
    BoltzmannPoint& p = b.points[t];
    p.beta = betas[t];
    p.temperature = betas[t] > 0.0 ? 1.0 / betas[t] : std::numeric_limits<double>::infinity();
    // softmax(β·s): as Definition 1's β, the logits are β times the scores. β = 0 gives logits of 0: uniform.
    for (int j = 0; j < n; ++j) logits[j] = p.beta * scores[j];
    analyze_softmax(logits.data(), n, a, false);
    for (int j = 0; j < n; ++j) logits[j] = p.beta * b.shifted_scores[j];
    analyze_softmax(logits.data(), n, shifted, false);
    p.weights = a.p;
    p.shifted_weights = shifted.p;
    p.argmax = a.argmax;
    p.max_weight = a.max_weight;
    p.one_minus_max_weight = a.complement[a.argmax];
    p.entropy = a.entropy;
    p.effective_keys = a.effective_keys;
    for (int j = 0; j < n; ++j) p.shift_change = std::max(p.shift_change, std::fabs(a.p[j] - shifted.p[j]));
    b.max_shift_change = std::max(b.max_shift_change, p.shift_change);
  }
  return b;
}

Normalisation normalise_both_ways(const double* scores, int rows, int cols, double beta) {
  Normalisation r;
  r.rows = rows;
  r.cols = cols;
  r.beta = beta;
  const std::size_t size = static_cast<std::size_t>(rows) * cols;
  r.by_row.resize(size);
  r.by_column.resize(size);
  r.row_entropy.resize(static_cast<std::size_t>(rows));
  r.column_entropy.resize(static_cast<std::size_t>(cols));

  SoftmaxAnalysis a;
  std::vector<double> line(static_cast<std::size_t>(std::max(rows, cols)));
  // Over the last index: row i of the logits β·s_i·, softmax, back into row i.
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) line[j] = beta * scores[static_cast<std::size_t>(i) * cols + j];
    analyze_softmax(line.data(), cols, a, false);
    for (int j = 0; j < cols; ++j) r.by_row[static_cast<std::size_t>(i) * cols + j] = a.p[j];
    r.row_entropy[i] = a.entropy;
  }
  // Over the first index: column j of the logits, softmax, back into column j.
  for (int j = 0; j < cols; ++j) {
    for (int i = 0; i < rows; ++i) line[i] = beta * scores[static_cast<std::size_t>(i) * cols + j];
    analyze_softmax(line.data(), rows, a, false);
    for (int i = 0; i < rows; ++i) r.by_column[static_cast<std::size_t>(i) * cols + j] = a.p[i];
    r.column_entropy[j] = a.entropy;
  }

  r.by_row_row_sums.assign(static_cast<std::size_t>(rows), 0.0);
  r.by_column_row_sums.assign(static_cast<std::size_t>(rows), 0.0);
  r.by_row_column_sums.assign(static_cast<std::size_t>(cols), 0.0);
  r.by_column_column_sums.assign(static_cast<std::size_t>(cols), 0.0);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const std::size_t at = static_cast<std::size_t>(i) * cols + j;
      r.by_row_row_sums[i] += r.by_row[at];
      r.by_row_column_sums[j] += r.by_row[at];
      r.by_column_row_sums[i] += r.by_column[at];
      r.by_column_column_sums[j] += r.by_column[at];
      r.max_difference = std::max(r.max_difference, std::fabs(r.by_row[at] - r.by_column[at]));
    }
  return r;
}

KernelRows kernel_rows(const double* scores, const Normalisation& n) {
  KernelRows k;
  const std::vector<float> s32(scores, scores + static_cast<std::size_t>(n.rows) * n.cols);
  k.weights.resize(s32.size());
  kern::softmax_rows(s32.data(), static_cast<float>(n.beta), k.weights.data(), n.rows, n.cols, n.cols);
  for (std::size_t i = 0; i < k.weights.size(); ++i)
    k.max_difference = std::fmax(k.max_difference, std::fabs(k.weights[i] - n.by_row[i]));
  return k;
}

}  // namespace asl
