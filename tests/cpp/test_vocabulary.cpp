// Nearest words (cpp/engine/vocabulary.h) against a brute-force reference in double, the top-k order's ties and
// exclusions, the int8 rows' dequantisation, and the matrix-vector kernel's SIMD twin against the scalar one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "engine/vocabulary.h"
#include "helpers.h"
#include "kernels/kernels.h"

using asl_test::close;
using asl_test::kEps;
using asl_test::normals;

namespace {

// Every row's cosine with v in double, then a full sort: largest first, ties by the lower index.
std::vector<asl::Neighbour> brute_force(const std::vector<float>& rows, int dim, const float* v, int k,
                                        const std::vector<int>& exclude) {
  const int n = static_cast<int>(rows.size()) / dim;
  std::vector<std::pair<double, int>> all;
  double vv = 0;
  for (int j = 0; j < dim; ++j) vv += double(v[j]) * v[j];
  for (int i = 0; i < n; ++i) {
    if (std::find(exclude.begin(), exclude.end(), i) != exclude.end()) continue;
    double uv = 0, uu = 0;
    for (int j = 0; j < dim; ++j) {
      uv += double(rows[i * dim + j]) * v[j];
      uu += double(rows[i * dim + j]) * rows[i * dim + j];
    }
    all.push_back({uu > 0 ? uv / std::sqrt(uu * vv) : 0.0, i});
  }
  std::sort(all.begin(), all.end(), [](auto a, auto b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  std::vector<asl::Neighbour> out;
  for (int i = 0; i < std::min<int>(k, static_cast<int>(all.size())); ++i) out.push_back({all[i].second, float(all[i].first)});
  return out;
}

std::vector<std::string> names(int n) {
  std::vector<std::string> w;
  for (int i = 0; i < n; ++i) w.push_back("w" + std::to_string(i));
  return w;
}

double abs_dot(const float* a, const float* b, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += std::fabs(double(a[i]) * b[i]);
  return s;
}

}  // namespace

TEST_CASE("the SIMD matrix-vector product matches the scalar twin on odd sizes and unaligned offsets", "[kernels][vocabulary]") {
  const int rows = GENERATE(1, 3, 5, 17, 1000);
  const int cols = GENERATE(1, 3, 5, 17, 100);
  const int offset = GENERATE(0, 1, 3);
  const int ld = cols + 3;  // padded rows, so a row's start is unaligned too
  const auto a = normals(static_cast<std::size_t>(rows) * ld + 4, 5);
  const auto x = normals(static_cast<std::size_t>(cols) + 4, 6);
  std::vector<float> got(static_cast<std::size_t>(rows) + 1, -7.0f), want(got);
  asl::simd::matvec(a.data() + offset, x.data() + offset, got.data(), rows, cols, ld);
  asl::scalar::matvec(a.data() + offset, x.data() + offset, want.data(), rows, cols, ld);
  for (int i = 0; i < rows; ++i) {
    const double bound = 2 * cols * kEps * abs_dot(a.data() + offset + static_cast<std::size_t>(i) * ld, x.data() + offset, cols);
    INFO("rows = " << rows << ", cols = " << cols << ", offset = " << offset << ", row " << i << ": simd " << got[i] << ", scalar " << want[i]);
    REQUIRE(close(got[i], want[i], bound, 0));
  }
  REQUIRE(got[rows] == -7.0f);  // nothing written past the last row
  REQUIRE(want[rows] == -7.0f);
}

TEST_CASE("nearest words agree with a brute-force cosine ranking in double", "[vocabulary]") {
  const int dim = GENERATE(3, 17, 100);
  const int n = 1000;
  std::vector<float> rows = normals(static_cast<std::size_t>(n) * dim, 11);
  for (int j = 0; j < dim; ++j) rows[7 * dim + j] = 0.0f;  // a zero row: cosine 0 with everything
  asl::set_vocabulary(names(n), dim, rows);
  const asl::Vocabulary& vocab = *asl::vocabulary();
  for (int query = 0; query < 6; ++query) {
    std::vector<float> v = query < 3 ? normals(static_cast<std::size_t>(dim), 100 + query)
                                     : std::vector<float>(vocab.vector(query * 31), vocab.vector(query * 31) + dim);
    if (query == 5) for (float& x : v) x *= 1e30f;  // a long vector: its length must not overflow
    const std::vector<int> exclude = query % 2 ? std::vector<int>{query * 31, 0, 5} : std::vector<int>{};
    const int k = query == 2 ? n : 10;
    const auto got = asl::nearest_words(vocab, v.data(), k, exclude);
    const auto want = brute_force(rows, dim, v.data(), k, exclude);
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      INFO("dim " << dim << ", query " << query << ", rank " << i << ": got row " << got[i].index << " (" << got[i].cosine
                  << "), reference row " << want[i].index << " (" << want[i].cosine << ")");
      REQUIRE(close(got[i].cosine, want[i].cosine, 1e-5, 0));
      REQUIRE(std::find(exclude.begin(), exclude.end(), got[i].index) == exclude.end());
      // the same row unless two cosines are within rounding of each other
      if (got[i].index != want[i].index) REQUIRE(close(got[i].cosine, want[i].cosine, 1e-5, 0));
    }
    if (query >= 3 && !(query % 2)) {
      REQUIRE(got[0].index == query * 31);  // a word's own vector is its nearest word
      REQUIRE_THAT(got[0].cosine, Catch::Matchers::WithinAbs(1.0, 1e-6));
    }
  }
}

TEST_CASE("top-k keeps the largest cosines, ties by the lower index, and skips the excluded rows", "[vocabulary]") {
  const float c[] = {0.5f, 0.9f, 0.5f, 0.9f, 0.1f, -1.0f};
  const auto idx = [](const std::vector<asl::Neighbour>& v) {
    std::vector<int> out;
    for (const auto& x : v) out.push_back(x.index);
    return out;
  };
  REQUIRE(idx(asl::top_k(c, 6, 3, {})) == std::vector<int>{1, 3, 0});
  REQUIRE(idx(asl::top_k(c, 6, 3, {3})) == std::vector<int>{1, 0, 2});
  REQUIRE(idx(asl::top_k(c, 6, 10, {1, 4})) == std::vector<int>{3, 0, 2, 5});
  REQUIRE(asl::top_k(c, 6, 0, {}).empty());
}

TEST_CASE("int8 rows dequantise to codes times their row's scale", "[vocabulary]") {
  const float codes[] = {-127, 0, 5, 127, 1, -1};
  const float scales[] = {0.5f, 0.25f};
  const auto rows = asl::dequantise_rows(codes, scales, 2, 3);
  REQUIRE(rows == std::vector<float>{-63.5f, 0.0f, 2.5f, 31.75f, 0.25f, -0.25f});
}

TEST_CASE("a vocabulary finds its words by their exact spelling", "[vocabulary]") {
  asl::set_vocabulary({"money", "bank", "river"}, 2, {1, 0, 0, 1, 1, 1});
  const asl::Vocabulary& vocab = *asl::vocabulary();
  REQUIRE(vocab.find("bank") == 1);
  REQUIRE(vocab.find("Bank") == -1);
  REQUIRE(vocab.find("banks") == -1);
  const float v[] = {0, 2};
  const auto best = asl::nearest_words(vocab, v, 2, {});
  REQUIRE(best.size() == 2);
  REQUIRE(best[0].index == 1);
  REQUIRE(best[1].index == 2);
  REQUIRE_THAT(best[1].cosine, Catch::Matchers::WithinAbs(std::sqrt(0.5), 1e-6));
}
