// Row-major Eigen aliases for buffers that the engine and JavaScript share. A missing RowMajor would silently
// transpose every matrix that crosses the boundary, so the whole engine uses these names and nothing else.
#pragma once

#include <Eigen/Core>

namespace asl {

using RowMatrixXf = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MapMatrix = Eigen::Map<RowMatrixXf>;
using ConstMapMatrix = Eigen::Map<const RowMatrixXf>;

}  // namespace asl
