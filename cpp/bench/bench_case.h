// One benchmarked operation with its inputs and outputs, allocated and filled once from asl::Rng: shared by the
// WASM benchmark binding (cpp/bindings/benchmark.cpp) and the native attention-bench, so both time the same thing.
// It does no timing itself. run_eigen() needs cpp/engine/attention_eigen.cpp linked in; run_engine() does not.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "../engine/attention.h"
#include "../engine/attention_eigen.h"
#include "../engine/random.h"
#include "../kernels/kernels.h"

namespace asl::bench {

// attention: one head, n_q = n_k = n, d_v = d_k, scale 1/√d_k, no mask, every intermediate kept. attention_output:
// the same computing only the output (attention_forward_select). softmax: n rows of n. qkt and wv: attention's two
// products alone (scores = q·kᵀ, output = w·v), for a per-pass profile.
enum class Op { attention, attention_output, softmax, qkt, wv };

inline bool parse_op(const std::string& name, Op* op) {
  if (name == "attention") *op = Op::attention;
  else if (name == "attention-output") *op = Op::attention_output;
  else if (name == "softmax") *op = Op::softmax;
  else if (name == "qkt") *op = Op::qkt;
  else if (name == "wv") *op = Op::wv;
  else return false;
  return true;
}

struct Case {
  Op op;
  int n, d_k;
  float scale;
  std::vector<float> q, k, v, x, scores, scaled, weights, output, workspace;

  // q, k, v and x are N(0, 1) from one stream in that order; w·v's weights are positive, like softmax rows.
  Case(Op op_, int n_, int d_k_, std::uint64_t seed)
      : op(op_), n(n_), d_k(d_k_), scale(1.0f / std::sqrt(static_cast<float>(d_k_))) {
    const std::size_t nd = static_cast<std::size_t>(n) * d_k, nn = static_cast<std::size_t>(n) * n;
    Rng rng(seed);
    const auto normals = [&rng](std::vector<float>& a, std::size_t size) {
      a.resize(size);
      for (float& a_i : a) a_i = static_cast<float>(rng.normal());
    };
    switch (op) {
      case Op::attention:
      case Op::attention_output:
        normals(q, nd), normals(k, nd), normals(v, nd);
        if (op == Op::attention) scores.resize(nn), scaled.resize(nn), weights.resize(nn);
        workspace.resize(static_cast<std::size_t>(attention_workspace_floats(shape())));
        output.resize(nd);
        break;
      case Op::softmax:
        normals(x, nn);
        output.resize(nn);
        break;
      case Op::qkt:
        normals(q, nd), normals(k, nd);
        scores.resize(nn);
        break;
      case Op::wv:
        weights.resize(nn);
        for (float& w : weights) w = static_cast<float>(rng.uniform() * 2.0 / n);
        normals(v, nd);
        output.resize(nd);
        break;
    }
  }

  AttentionShape shape() const {
    AttentionShape s;
    s.n_q = s.n_k = n;
    s.d_k = s.d_v = d_k;
    return s;
  }

  // The engine: asl::attention_forward and the kernels asl::kern (SIMD where the build has it, else scalar).
  void run_engine() {
    switch (op) {
      case Op::attention:
        attention_forward(q.data(), k.data(), v.data(), shape(), scale, false, scores.data(), scaled.data(),
                          weights.data(), output.data());
        break;
      case Op::attention_output: {
        float bad = 0.0f;
        attention_forward_select(q.data(), k.data(), v.data(), shape(), scale, false, nullptr, nullptr, nullptr,
                                 output.data(), workspace.data(), &bad);
        break;
      }
      case Op::softmax: kern::softmax_rows(x.data(), 1.0f, output.data(), n, n, n); break;
      case Op::qkt: kern::matmul_qkt(q.data(), k.data(), scores.data(), n, n, d_k, d_k, d_k, n); break;
      case Op::wv: kern::matmul_wv(weights.data(), v.data(), output.data(), n, n, d_k, n, d_k, d_k); break;
    }
  }

  // The same operation as Eigen expressions (cpp/engine/attention_eigen.cpp).
  void run_eigen() {
    switch (op) {
      case Op::attention_output:  // Eigen's version computes the intermediates either way
        scores.resize(static_cast<std::size_t>(n) * n), weights.resize(scores.size());
        [[fallthrough]];
      case Op::attention:
        attention_forward_eigen(q.data(), k.data(), v.data(), n, n, d_k, d_k, scale, scores.data(), weights.data(),
                                output.data());
        break;
      case Op::softmax: softmax_rows_eigen(x.data(), output.data(), n, n); break;
      case Op::qkt: matmul_qkt_eigen(q.data(), k.data(), scores.data(), n, n, d_k); break;
      case Op::wv: matmul_wv_eigen(weights.data(), v.data(), output.data(), n, n, d_k); break;
    }
  }

  // The result of the last run: the attention output, the softmax rows, the scores, or w·v.
  const std::vector<float>& result() const { return op == Op::qkt ? scores : output; }
};

}  // namespace asl::bench
