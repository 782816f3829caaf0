// The SIMD twin of scalar::attention_fused (kernels.h): output-only attention as one pass over tiles of kTile keys,
// four query rows at a time, with an online softmax. Per tile: the 4 × kTile scaled scores (register-blocked
// 4 rows × 2 keys, stored key-major so one f32x4 holds one key's score for the four rows), their finiteness, the
// running maximum and sum updated for the four rows at once (no horizontal operation), the tile's weights
// exp(s − max) in place, and the output rows rescaled and accumulated (register-blocked 4 rows × 8 columns). The
// working set is one tile of K and V plus four output rows, whatever n_k is.
#include <cmath>
#include <limits>

#include "kernels.h"
#include "simd_exp.h"
#include "simd_mappings.h"

#if defined(ASL_SIMD)

// A tail loop left as written: clang's vectoriser and unroller would add code (the engine's size is budgeted) to
// loops of at most a few iterations.
#if defined(__clang__)
#define ASL_SCALAR_LOOP _Pragma("clang loop vectorize(disable) unroll(disable)")
#else
#define ASL_SCALAR_LOOP
#endif

namespace asl::simd {
namespace {

constexpr int kTile = 64;  // keys per tile: 1 KB of scores; at d = 64 a tile of K and of V is 16 KB each

// s[j·4 + r] = scale·q_r·k_j for the four rows q_r and keys j < t of this tile. Returns a vector that is NaN in
// some lane when any of these scores is not finite (the sum of s − s, which is 0 for every finite s). Not inlined:
// it has two callers, and one call per tile costs nothing next to the tile's work (the engine's size budget).
[[gnu::noinline]] f32x4 score_tile(const float* const q_r[4], const float* k, float scale, int t, int d_k, int ld_k, float* s) {
  const int d4 = d_k & ~3;
  const float *q0 = q_r[0], *q1 = q_r[1], *q2 = q_r[2], *q3 = q_r[3];
  const f32x4 sv = splat(scale);
  f32x4 check = splat(0.0f);
  for (int j = 0; j < t; j += 2) {
    // An odd last key is paired with itself: its duplicate lands in s[4·t …], which no later pass reads (s holds
    // kTile keys and t < kTile whenever t is odd).
    const float* k0 = k + static_cast<long>(j) * ld_k;
    const float* k1 = j + 1 < t ? k0 + ld_k : k0;
    f32x4 a00 = splat(0.0f), a10 = splat(0.0f), a20 = splat(0.0f), a30 = splat(0.0f);
    f32x4 a01 = splat(0.0f), a11 = splat(0.0f), a21 = splat(0.0f), a31 = splat(0.0f);
    for (int c = 0; c < d4; c += 4) {
      const f32x4 y0 = load(k0 + c), y1 = load(k1 + c);
      f32x4 x = load(q0 + c);
      a00 = madd(x, y0, a00);
      a01 = madd(x, y1, a01);
      x = load(q1 + c);
      a10 = madd(x, y0, a10);
      a11 = madd(x, y1, a11);
      x = load(q2 + c);
      a20 = madd(x, y0, a20);
      a21 = madd(x, y1, a21);
      x = load(q3 + c);
      a30 = madd(x, y0, a30);
      a31 = madd(x, y1, a31);
    }
    f32x4 s0 = hsum4(a00, a10, a20, a30), s1 = hsum4(a01, a11, a21, a31);
    if (d4 < d_k) {  // the last d_k % 4 columns, lane by lane
      alignas(16) float t0[4] = {0, 0, 0, 0}, t1[4] = {0, 0, 0, 0};
      for (int r = 0; r < 4; ++r)
        ASL_SCALAR_LOOP
        for (int c = d4; c < d_k; ++c) {
          t0[r] += q_r[r][c] * k0[c];
          t1[r] += q_r[r][c] * k1[c];
        }
      s0 = add(s0, load(t0));
      s1 = add(s1, load(t1));
    }
    s0 = mul(sv, s0);
    s1 = mul(sv, s1);
    store(s + 4 * j, s0);
    store(s + 4 * j + 4, s1);
    check = add(check, add(sub(s0, s0), sub(s1, s1)));
  }
  return check;
}

// out_r = alpha_r·out_r + Σ_j p[j·4 + r]·v_j over the t keys of a tile, for the four rows out_r (rows may alias:
// a padded row repeats the last real one and computes the same values).
inline void accumulate_tile(const float* p, const float* v, float* const out_r[4], const float alpha[4], int t,
                            int d_v, int ld_v) {
  float *o0 = out_r[0], *o1 = out_r[1], *o2 = out_r[2], *o3 = out_r[3];
  const f32x4 al0 = splat(alpha[0]), al1 = splat(alpha[1]), al2 = splat(alpha[2]), al3 = splat(alpha[3]);
  int c = 0;
  for (; c + 8 <= d_v; c += 8) {
    f32x4 a00 = mul(load(o0 + c), al0), a01 = mul(load(o0 + c + 4), al0);
    f32x4 a10 = mul(load(o1 + c), al1), a11 = mul(load(o1 + c + 4), al1);
    f32x4 a20 = mul(load(o2 + c), al2), a21 = mul(load(o2 + c + 4), al2);
    f32x4 a30 = mul(load(o3 + c), al3), a31 = mul(load(o3 + c + 4), al3);
    const float* v_j = v + c;
    for (int j = 0; j < t; ++j, v_j += ld_v) {
      const f32x4 y0 = load(v_j), y1 = load(v_j + 4);
      const float* p_j = p + 4 * j;
      f32x4 w = splat(p_j[0]);
      a00 = madd(w, y0, a00);
      a01 = madd(w, y1, a01);
      w = splat(p_j[1]);
      a10 = madd(w, y0, a10);
      a11 = madd(w, y1, a11);
      w = splat(p_j[2]);
      a20 = madd(w, y0, a20);
      a21 = madd(w, y1, a21);
      w = splat(p_j[3]);
      a30 = madd(w, y0, a30);
      a31 = madd(w, y1, a31);
    }
    store(o0 + c, a00);
    store(o0 + c + 4, a01);
    store(o1 + c, a10);
    store(o1 + c + 4, a11);
    store(o2 + c, a20);
    store(o2 + c + 4, a21);
    store(o3 + c, a30);
    store(o3 + c + 4, a31);
  }
  for (; c < d_v; ++c) {  // the last d_v % 8 columns, one at a time
    float s[4];
    for (int r = 0; r < 4; ++r) s[r] = alpha[r] * out_r[r][c];
    ASL_SCALAR_LOOP
    for (int j = 0; j < t; ++j) {
      const float y = v[static_cast<long>(j) * ld_v + c];
      for (int r = 0; r < 4; ++r) s[r] += p[4 * j + r] * y;
    }
    for (int r = 0; r < 4; ++r) out_r[r][c] = s[r];
  }
}

// The rare path once a tile held a non-finite score: the first one in row-major order among the group's `rows`
// real rows, found by computing every tile's scores again in the same way (so the same values).
[[gnu::noinline, gnu::cold]] int first_bad_score(const float* const q_r[4], const float* k, float scale, int rows, int n_k, int d_k, int ld_k,
                    float* s, float* bad_score) {
  int best_row = rows, best_key = 0;
  for (int j0 = 0; j0 < n_k; j0 += kTile) {
    const int t = n_k - j0 < kTile ? n_k - j0 : kTile;
    score_tile(q_r, k + static_cast<long>(j0) * ld_k, scale, t, d_k, ld_k, s);
    for (int r = 0; r < best_row; ++r)
      for (int j = 0; j < t; ++j) {
        const float x = s[4 * j + r];
        if (!(x - x == 0.0f)) {
          best_row = r, best_key = j0 + j, *bad_score = x;
          break;
        }
      }
  }
  return best_row * n_k + best_key;
}

}  // namespace

int attention_fused(const float* q, const float* k, const float* v, float* out, float* bad_score, float scale,
                    int n_q, int n_k, int d_k, int d_v, int ld_q, int ld_k, int ld_v, int ld_o, int causal_from) {
  const float inf = std::numeric_limits<float>::infinity();
  alignas(16) float s[4 * kTile];
  alignas(16) float alpha[4];
  for (int i0 = 0; i0 < n_q; i0 += 4) {
    const int rows = n_q - i0 < 4 ? n_q - i0 : 4;
    // Rows past n_q repeat the last real row (its q and its output row): the same arithmetic, the same stores.
    const float* q_r[4];
    float* out_r[4];
    for (int r = 0; r < 4; ++r) {
      const long i = i0 + (r < rows ? r : rows - 1);
      q_r[r] = q + i * ld_q;
      out_r[r] = out + i * ld_o;
    }
    for (int r = 0; r < rows; ++r)
      ASL_SCALAR_LOOP
      for (int c = 0; c < d_v; ++c) out_r[r][c] = 0.0f;
    f32x4 m = splat(-inf), l = splat(0.0f);
    // Row r of the group sees keys j <= last_r = causal_from + i0 + r (every key without a mask).
    const int last0 = causal_from >= 0 ? causal_from + i0 : n_k;
    alignas(16) float lane[4];  // a padded row keeps the last real row's mask too: it must compute the same values
    for (int r = 0; r < 4; ++r) lane[r] = static_cast<float>(r < rows ? r : rows - 1);
    const f32x4 last_r = add(splat(static_cast<float>(last0)), load(lane));
    for (int j0 = 0; j0 < n_k; j0 += kTile) {
      const int t = n_k - j0 < kTile ? n_k - j0 : kTile;
      const f32x4 check = score_tile(q_r, k + static_cast<long>(j0) * ld_k, scale, t, d_k, ld_k, s);
      if (any_nan(check)) return i0 * n_k + first_bad_score(q_r, k, scale, rows, n_k, d_k, ld_k, s, bad_score);
      if (causal_from >= 0) {
        if (j0 > last0 + 3) continue;  // no row of the group sees this tile: its scores were only checked
        if (j0 + t - 1 > last0)        // some key past some row's last: −inf there
          for (int j = 0; j < t; ++j)
            store(s + 4 * j, select(greater(splat(static_cast<float>(j0 + j)), last_r), splat(-inf), load(s + 4 * j)));
      }
      // The online softmax for the four rows at once: new maximum, the old sums' factor, the tile's weights.
      f32x4 tile_max = load(s);
      for (int j = 1; j < t; ++j) tile_max = max(tile_max, load(s + 4 * j));
      const f32x4 m_new = max(m, tile_max);  // finite: key 0 is in the first tile and every row sees it
      const f32x4 a = exp4_nonpositive(sub(m, m_new));  // exp(−inf) = 0 on the first tile
      f32x4 sum = splat(0.0f);
      for (int j = 0; j < t; ++j) {
        const f32x4 p = exp4_nonpositive(sub(load(s + 4 * j), m_new));
        store(s + 4 * j, p);
        sum = add(sum, p);
      }
      l = madd(l, a, sum);
      m = m_new;
      store(alpha, a);
      accumulate_tile(s, v + static_cast<long>(j0) * ld_v, out_r, alpha, t, d_v, ld_v);
    }
    // Normalise: l >= 1, the maximum contributes exp(0).
    alignas(16) float inv[4];
    store(inv, div(splat(1.0f), l));
    for (int r = 0; r < rows; ++r) {
      const f32x4 iv = splat(inv[r]);
      float* o = out_r[r];
      int c = 0;
      for (; c + 4 <= d_v; c += 4) store(o + c, mul(load(o + c), iv));
      ASL_SCALAR_LOOP
      for (; c < d_v; ++c) o[c] *= inv[r];
    }
  }
  return -1;
}

}  // namespace asl::simd

#endif
