// Source 003's Table 1 as the CLI reads it: web/data/table1.json's rows, compiled in by cmake/table1.cmake. Shared by
// attention-lab table1 and lr-sweep (which takes row 1's tuned β); the page and build-scripts/reference-runs read the
// same file.
#pragma once

#include <vector>

namespace asl::cli {

struct PaperRow {
  int row, R, L, train;
  double old_accuracy;                  // test accuracy in percent with β = 1/√d_k
  std::vector<double> betas, accuracy;  // the tuned β values and the accuracy (percent) each reached
};

// Every printed row, in the table's order.
const std::vector<PaperRow>& paper_rows();

}  // namespace asl::cli
