// The only C++ that knows about JavaScript. Every function takes one options object, validates each argument, and
// answers { ok: true, value } or { ok: false, error: "<parameter> = <value> …: allowed …" }. It never throws across
// WASM frames: a throw there would skip C++ destructors and leak the heap buffers and emval handles in scope.
// web/engine.js turns { ok: false } into a JavaScript Error, so callers see an ordinary exception.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "../engine/assumptions.h"
#include "../engine/attention.h"
#include "../engine/multi_head.h"
#include "../engine/random.h"
#include "../engine/temperature.h"
#include "../engine/self_attention_example.h"
#include "../engine/softmax_lab.h"
#include "../engine/statistics.h"
#include "../engine/weight_cap.h"
#include "../kernels/kernels.h"

using emscripten::val;

namespace {

constexpr int kMaxDim = 4096;         // d_k, d_v, d_model, n
constexpr int kMaxHeads = 64;
constexpr double kMaxElements = 16777216.0;  // 2^24 floats in any one result matrix
constexpr double kMaxSeed = 4294967295.0;

std::string fmt_number(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string describe(const val& v) {
  const std::string type = v.typeOf().as<std::string>();
  if (type == "number") return fmt_number(v.as<double>());
  if (type == "string") {
    std::string s = v.as<std::string>();
    if (s.size() > 40) s = s.substr(0, 40) + "…";
    return "\"" + s + "\"";
  }
  if (type == "boolean") return v.as<bool>() ? "true" : "false";
  if (v.isNull()) return "null";
  if (v.isUndefined()) return "undefined";
  return "a value of type " + type;
}

// Reads and checks the fields of one options object. The first problem wins; later reads return safe defaults,
// so the caller can read everything and then ask ok() once.
class Args {
 public:
  Args(const val& options, std::vector<std::string> known) : options_(options) {
    if (options.isUndefined() || options.isNull()) {
      options_ = val::object();
    } else if (options.typeOf().as<std::string>() != "object" || val::global("Array").call<bool>("isArray", options)) {
      fail("options = " + describe(options) + " is not an object: pass { name: value, … }");
      options_ = val::object();
    }
    const val keys = val::global("Object").call<val>("keys", options_);
    const int n = keys["length"].as<int>();
    for (int i = 0; i < n; ++i) {
      const std::string key = keys[i].as<std::string>();
      bool found = false;
      for (const auto& k : known) found = found || k == key;
      if (!found) {
        std::string list;
        for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
        fail("unknown option \"" + key + "\": allowed options are " + list);
      }
    }
  }

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  void fail(const std::string& message) {
    if (error_.empty()) error_ = message;
  }

  bool has(const char* name) const { return !options_[name].isUndefined(); }

  double number(const char* name, double lo, double hi, double fallback) {
    const val v = options_[name];
    if (v.isUndefined()) return fallback;
    if (v.typeOf().as<std::string>() != "number" || !std::isfinite(v.as<double>()) || v.as<double>() < lo ||
        v.as<double>() > hi) {
      fail(std::string(name) + " = " + describe(v) + " is out of range: allowed a finite number from " +
           fmt_number(lo) + " to " + fmt_number(hi));
      return fallback;
    }
    return v.as<double>();
  }

  int integer(const char* name, int lo, int hi, int fallback) {
    const val v = options_[name];
    if (v.isUndefined()) return fallback;
    const bool is_int = v.typeOf().as<std::string>() == "number" && val::global("Number").call<bool>("isInteger", v);
    if (!is_int || v.as<double>() < lo || v.as<double>() > hi) {
      fail(std::string(name) + " = " + describe(v) + " is out of range: allowed an integer from " +
           std::to_string(lo) + " to " + std::to_string(hi));
      return fallback;
    }
    return v.as<int>();
  }

  std::uint64_t seed(const char* name, std::uint64_t fallback) {
    const val v = options_[name];
    if (v.isUndefined()) return fallback;
    const bool is_int = v.typeOf().as<std::string>() == "number" && val::global("Number").call<bool>("isInteger", v);
    if (!is_int || v.as<double>() < 0 || v.as<double>() > kMaxSeed) {
      fail(std::string(name) + " = " + describe(v) + " is out of range: allowed an integer from 0 to 4294967295");
      return fallback;
    }
    return static_cast<std::uint64_t>(v.as<double>());
  }

  bool boolean(const char* name, bool fallback) {
    const val v = options_[name];
    if (v.isUndefined()) return fallback;
    if (v.typeOf().as<std::string>() != "boolean") {
      fail(std::string(name) + " = " + describe(v) + " is not allowed: use true or false");
      return fallback;
    }
    return v.as<bool>();
  }

  std::string text(const char* name, std::size_t max_bytes, const std::string& fallback) {
    const val v = options_[name];
    if (v.isUndefined()) return fallback;
    if (v.typeOf().as<std::string>() != "string") {
      fail(std::string(name) + " = " + describe(v) + " is not a string");
      return fallback;
    }
    std::string s = v.as<std::string>();
    if (s.size() > max_bytes) {
      fail(std::string(name) + " is " + std::to_string(s.size()) + " bytes long: allowed at most " +
           std::to_string(max_bytes));
      return fallback;
    }
    return s;
  }

  // A Float32Array (or any typed array or plain array of numbers) of exactly `expected` finite values.
  // `shape` explains the expected length in the message, e.g. "nQ·heads·dK = 3·1·4".
  std::vector<float> floats(const char* name, double expected, const std::string& shape) {
    std::vector<float> out;
    if (!ok()) return out;  // a bad size earlier makes `expected` meaningless
    const val v = options_[name];
    const bool is_array = val::global("Array").call<bool>("isArray", v);
    const bool is_view = !v.isUndefined() && !v.isNull() &&
                         val::global("ArrayBuffer").call<bool>("isView", v) &&
                         !v.instanceof(val::global("DataView"));
    if (!is_array && !is_view) {
      fail(std::string(name) + " = " + describe(v) + " is not allowed: pass a Float32Array of " + shape +
           " values");
      return out;
    }
    const double length = v["length"].as<double>();
    if (length != expected) {
      fail(std::string(name) + " has " + fmt_number(length) + " values: expected " + shape + " = " +
           fmt_number(expected));
      return out;
    }
    out = emscripten::convertJSArrayToNumberVector<float>(v);
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (!std::isfinite(out[i])) {
        fail(std::string(name) + "[" + std::to_string(i) + "] = " + fmt_number(out[i]) +
             " is not allowed: entries must be finite float32 numbers");
        out.clear();
        return out;
      }
    }
    return out;
  }

 private:
  val options_;
  std::string error_;
};

val f32(const float* data, std::size_t n) {
  return val::global("Float32Array").new_(emscripten::typed_memory_view(n, data));  // a copy, not a heap view
}

// Sets r[name] to a Float32Array copy of a row-major matrix.
void put_matrix(val& r, const char* name, const asl::RowMatrixXf& m) {
  r.set(name, f32(m.data(), static_cast<std::size_t>(m.size())));
}

val success(const val& value) {
  val r = val::object();
  r.set("ok", true);
  r.set("value", value);
  return r;
}

val failure(const std::string& message) {
  val r = val::object();
  r.set("ok", false);
  r.set("error", message);
  return r;
}

val string_array(const std::vector<std::string>& items) {
  val a = val::array();
  for (std::size_t i = 0; i < items.size(); ++i) a.set(i, items[i]);
  return a;
}

// ---------------------------------------------------------------------------------------------------------------

val attention(val options) {
  Args args(options, {"q", "k", "v", "nQ", "nK", "dK", "dV", "heads", "scale", "causal"});
  asl::AttentionShape s;
  s.n_q = args.integer("nQ", 1, kMaxDim, 1);
  s.n_k = args.integer("nK", 1, kMaxDim, 1);
  s.d_k = args.integer("dK", 1, kMaxDim, 1);
  s.d_v = args.integer("dV", 1, kMaxDim, 1);
  s.n_heads = args.integer("heads", 1, kMaxHeads, 1);
  for (const char* required : {"nQ", "nK", "dK", "dV"})
    if (!args.has(required)) args.fail(std::string(required) + " is missing: allowed an integer from 1 to 4096");
  const double plane = static_cast<double>(s.n_heads) * s.n_q * s.n_k;
  if (args.ok() && plane > kMaxElements)
    args.fail("heads·nQ·nK = " + fmt_number(plane) + " is too large: allowed at most 16777216");
  if (args.ok() && static_cast<double>(s.n_heads) * s.d_k > kMaxDim)
    args.fail("heads·dK = " + fmt_number(double(s.n_heads) * s.d_k) + " is too large: allowed at most 4096");
  if (args.ok() && static_cast<double>(s.n_heads) * s.d_v > kMaxDim)
    args.fail("heads·dV = " + fmt_number(double(s.n_heads) * s.d_v) + " is too large: allowed at most 4096");
  const float scale = static_cast<float>(args.number("scale", 0.0, 1e30, 1.0 / std::sqrt(double(s.d_k))));
  const bool causal = args.boolean("causal", false);
  const std::string hq = std::to_string(s.n_q) + "·" + std::to_string(s.n_heads) + "·" + std::to_string(s.d_k);
  const std::string hk = std::to_string(s.n_k) + "·" + std::to_string(s.n_heads) + "·" + std::to_string(s.d_k);
  const std::string hv = std::to_string(s.n_k) + "·" + std::to_string(s.n_heads) + "·" + std::to_string(s.d_v);
  const std::vector<float> q = args.floats("q", double(s.n_q) * s.n_heads * s.d_k, "nQ·heads·dK = " + hq);
  const std::vector<float> k = args.floats("k", double(s.n_k) * s.n_heads * s.d_k, "nK·heads·dK = " + hk);
  const std::vector<float> v = args.floats("v", double(s.n_k) * s.n_heads * s.d_v, "nK·heads·dV = " + hv);
  if (!args.ok()) return failure(args.error());

  const std::size_t n_plane = static_cast<std::size_t>(plane);
  std::vector<float> scores(n_plane), scaled(n_plane), weights(n_plane);
  std::vector<float> output(static_cast<std::size_t>(s.n_q) * s.n_heads * s.d_v);
  asl::attention_forward(q.data(), k.data(), v.data(), s, scale, causal, scores.data(), scaled.data(),
                         weights.data(), output.data());
  // Finite inputs can still give scores beyond float32 (|q·k| > 3.4e38) or values whose weighted sum overflows:
  // refused by name rather than answered with NaN weights.
  for (std::size_t i = 0; i < n_plane; ++i)
    if (!std::isfinite(scaled[i]))
      return failure("the scaled scores overflow float32 (score " + std::to_string(i) + " = " + fmt_number(scaled[i]) +
                     "): allowed inputs whose scale·q·k stays within ±3.4e38; scale q, k or scale down");
  for (std::size_t i = 0; i < output.size(); ++i)
    if (!std::isfinite(output[i]))
      return failure("the output overflows float32 (entry " + std::to_string(i) +
                     "): allowed values whose weighted sums stay within ±3.4e38; scale v down");
  val r = val::object();
  r.set("scores", f32(scores.data(), scores.size()));
  r.set("scaledScores", f32(scaled.data(), scaled.size()));
  r.set("weights", f32(weights.data(), weights.size()));
  r.set("output", f32(output.data(), output.size()));
  return success(r);
}

// softmax and softmaxNaive share their checks; `naive` picks the kernel.
val softmax_impl(val options, bool naive) {
  Args args(options, {"values", "beta"});
  const val values = options.isUndefined() || options.isNull() ? val::undefined() : options["values"];
  double n = 0;
  if (args.ok() && (val::global("Array").call<bool>("isArray", values) ||
                    (!values.isUndefined() && !values.isNull() && val::global("ArrayBuffer").call<bool>("isView", values))))
    n = values["length"].as<double>();
  if (args.ok() && (n < 1 || n > kMaxElements))
    args.fail("values has " + fmt_number(n) + " entries: allowed an array of 1 to 16777216 finite numbers");
  const float beta = static_cast<float>(args.number("beta", 0.0, 1e30, 1.0));
  const std::vector<float> x = args.floats("values", n, "1 to 16777216");
  if (!args.ok()) return failure(args.error());
  std::vector<float> y(x.size());
  const int cols = static_cast<int>(x.size());
  if (naive)
    asl::kern::softmax_rows_naive(x.data(), beta, y.data(), 1, cols, cols);
  else
    asl::kern::softmax_rows(x.data(), beta, y.data(), 1, cols, cols);
  return success(f32(y.data(), y.size()));
}
val softmax(val options) { return softmax_impl(options, false); }
val softmax_naive(val options) { return softmax_impl(options, true); }

val dot(val options) {
  Args args(options, {"a", "b"});
  const val a = options.isUndefined() || options.isNull() ? val::undefined() : options["a"];
  double n = 0;
  if (args.ok() && !a.isUndefined() && !a.isNull() &&
      (val::global("Array").call<bool>("isArray", a) || val::global("ArrayBuffer").call<bool>("isView", a)))
    n = a["length"].as<double>();
  if (args.ok() && (n < 1 || n > kMaxElements))
    args.fail("a has " + fmt_number(n) + " entries: allowed an array of 1 to 16777216 finite numbers");
  const std::vector<float> x = args.floats("a", n, "1 to 16777216");
  const std::vector<float> y = args.floats("b", n, "the length of a");
  if (!args.ok()) return failure(args.error());
  return success(val(asl::kern::dot(x.data(), y.data(), static_cast<int>(x.size()))));
}

val random_numbers(val options) {
  Args args(options, {"seed", "count", "distribution"});
  const std::uint64_t seed = args.seed("seed", 1);
  const int count = args.integer("count", 1, 1 << 20, 16);
  const std::string distribution = args.text("distribution", 16, "uniform");
  if (distribution != "uniform" && distribution != "normal")
    args.fail("distribution = \"" + distribution + "\" is not allowed: use \"uniform\" or \"normal\"");
  if (!args.ok()) return failure(args.error());
  std::vector<double> out(static_cast<std::size_t>(count));
  asl::Rng rng(seed);
  for (double& x : out) x = distribution == "uniform" ? rng.uniform() : rng.normal();
  return success(val::global("Float64Array").new_(emscripten::typed_memory_view(out.size(), out.data())));
}

val self_attention_example(val options) {
  Args args(options, {"sentence", "dModel", "dK", "dV", "seed", "scaled", "causal"});
  const std::string sentence = args.text("sentence", 600, "money bank grows");
  const int d_model = args.integer("dModel", 1, kMaxDim, 8);
  const int d_k = args.integer("dK", 1, kMaxDim, 4);
  const int d_v = args.integer("dV", 1, kMaxDim, d_model);
  const std::uint64_t seed = args.seed("seed", 1);
  const bool scaled = args.boolean("scaled", true);
  const bool causal = args.boolean("causal", false);
  const std::vector<std::string> tokens = asl::tokenize(sentence);
  if (args.ok() && (tokens.empty() || tokens.size() > asl::kMaxSentenceWords))
    args.fail("sentence has " + std::to_string(tokens.size()) + " words: allowed 1 to 12 words");
  for (const auto& t : tokens)
    if (args.ok() && t.size() > asl::kMaxWordBytes)
      args.fail("sentence has a word of " + std::to_string(t.size()) + " bytes: allowed words of at most 40");
  if (!args.ok()) return failure(args.error());

  const asl::SelfAttentionExample ex = asl::self_attention_example(tokens, d_model, d_k, d_v, seed, scaled, causal);
  val r = val::object();
  r.set("tokens", string_array(ex.tokens));
  r.set("dModel", ex.d_model);
  r.set("dK", ex.d_k);
  r.set("dV", ex.d_v);
  r.set("scale", ex.scale);
  r.set("causal", causal);
  r.set("scoreVariance", ex.score_variance);
  r.set("scaledScoreVariance", ex.scaled_score_variance);
  r.set("maxWeight", ex.max_weight);
  r.set("meanRowMax", ex.mean_row_max);
  r.set("rowsWithChoice", ex.rows_with_choice);
  put_matrix(r, "embeddings", ex.embeddings);
  put_matrix(r, "wQ", ex.w_q);
  put_matrix(r, "wK", ex.w_k);
  put_matrix(r, "wV", ex.w_v);
  put_matrix(r, "q", ex.q);
  put_matrix(r, "k", ex.k);
  put_matrix(r, "v", ex.v);
  put_matrix(r, "scores", ex.scores);
  put_matrix(r, "scaledScores", ex.scaled_scores);
  put_matrix(r, "weights", ex.weights);
  put_matrix(r, "contextual", ex.contextual);
  return success(r);
}

// --- Lessons 2 and 3: dot-product statistics and the softmax lab (cpp/engine/statistics.h, softmax_lab.h) -------

constexpr int kMaxPairs = 100000;
constexpr double kMaxDotWork = 16777216.0;        // dim·pairs multiply-adds in dotProducts
constexpr int kMaxSweepVectors = 1000;
constexpr double kMaxSweepWork = 268435456.0;     // Gram entries updated by varianceSweep: vectors(vectors+1)/2·maxDim
constexpr int kMaxRow = 512;                      // softmaxStats: n (its Jacobian has n² entries)
constexpr int kMaxGradientRow = 1024;
constexpr int kMaxDKs = 64;
constexpr double kMaxGradientWork = 67108864.0;   // softmax rows · n in gradientSweep, model "normal"
constexpr double kMaxDotDraws = 33554432.0;       // normal draws in gradientSweep, model "dot": trials·max dK·(n + 1)
constexpr double kMaxGradientRows = 1048576.0;    // trials·dKs.length in gradientSweep: every row's norms are kept
constexpr double kMaxThreshold = 1e6;             // gradientSweep, gradientDistribution: "norm below threshold"
constexpr int kMaxBins = 1000;                    // histogram bins in dotProducts and gradientDistribution
constexpr int kMaxCapRow = 4096;                  // peakWeightCap: n
constexpr double kMaxCapSd = 50.0;                // peakWeightCap: sd (the gap sd·n/√(n − 1) stays ≤ 3201)
constexpr int kMaxValues = 1 << 20;

// The length of options[name] when it is an array or a typed array; −1 otherwise (then Args::floats says why).
double array_length(const val& options, const char* name) {
  if (options.isUndefined() || options.isNull() || options.typeOf().as<std::string>() != "object") return -1;
  const val v = options[name];
  if (v.isUndefined() || v.isNull()) return -1;
  const bool is_view = val::global("ArrayBuffer").call<bool>("isView", v) && !v.instanceof(val::global("DataView"));
  if (!val::global("Array").call<bool>("isArray", v) && !is_view) return -1;
  return v["length"].as<double>();
}

// distribution ("uniform" | "normal"), mean and std; mean and std only with "normal".
asl::EntryDistribution read_distribution(Args& args, const val& options) {
  asl::EntryDistribution d;
  const std::string name = args.text("distribution", 16, "uniform");
  if (name == "normal") {
    d.kind = asl::EntryDistribution::Kind::normal;
  } else if (name != "uniform") {
    args.fail("distribution = \"" + name + "\" is not allowed: use \"uniform\" or \"normal\"");
  }
  if (args.ok() && d.kind == asl::EntryDistribution::Kind::uniform)
    for (const char* p : {"mean", "std"})
      if (args.has(p))
        args.fail(std::string(p) + " = " + describe(options[p]) +
                  " is not allowed with distribution = \"uniform\" (entries uniform on [0, 1)): use \"normal\"");
  d.mean = args.number("mean", -1000.0, 1000.0, 0.0);
  d.std = args.number("std", 0.0, 1000.0, 1.0);
  return d;
}

// model ("normal" | "dot") of a row of scores.
asl::ScoreModel read_model(Args& args) {
  const std::string name = args.text("model", 16, "normal");
  if (name == "dot") return asl::ScoreModel::dot;
  if (name != "normal") args.fail("model = \"" + name + "\" is not allowed: use \"normal\" or \"dot\"");
  return asl::ScoreModel::normal;
}

val f64(const double* data, std::size_t n) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(n, data));  // a copy
}
val f64(const std::vector<double>& v) { return f64(v.data(), v.size()); }
val i32(const std::vector<int>& v) {
  return val::global("Int32Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}

// dotProducts({ dim, pairs, distribution, mean, std, seed, bins, range }) → { values, mean, variance, … }
val dot_products(val options) {
  Args args(options, {"dim", "pairs", "distribution", "mean", "std", "seed", "bins", "range"});
  const int dim = args.integer("dim", 1, kMaxDim, 1);
  if (!args.has("dim")) args.fail("dim is missing: allowed an integer from 1 to 4096");
  const int pairs = args.integer("pairs", 1, kMaxPairs, 1000);
  const asl::EntryDistribution dist = read_distribution(args, options);
  const std::uint64_t seed = args.seed("seed", 1);
  const int bins = args.integer("bins", 1, kMaxBins, 30);
  if (args.ok() && static_cast<double>(dim) * pairs > kMaxDotWork)
    args.fail("dim·pairs = " + fmt_number(static_cast<double>(dim) * pairs) + " is too large: allowed at most 16777216");
  std::vector<float> range;
  if (args.has("range")) {
    range = args.floats("range", 2, "[lo, hi]");
    if (args.ok() && !(range[0] < range[1]))
      args.fail("range = [" + fmt_number(range[0]) + ", " + fmt_number(range[1]) + "] is not allowed: need lo < hi");
  }
  if (!args.ok()) return failure(args.error());

  std::vector<float> values(static_cast<std::size_t>(pairs));
  asl::random_dot_products(dist, dim, pairs, seed, values.data());
  const asl::Moments m = asl::moments(values.data(), values.size());
  double lo = values[0], hi = values[0];
  for (float v : values) lo = std::fmin(lo, v), hi = std::fmax(hi, v);
  const double min = lo, max = hi;
  if (!range.empty()) lo = range[0], hi = range[1];
  if (!(lo < hi)) lo -= 0.5, hi += 0.5;  // all values equal: one unit-wide window around them
  std::vector<double> counts(static_cast<std::size_t>(bins)), edges(static_cast<std::size_t>(bins) + 1);
  const std::size_t outside = asl::histogram(values.data(), values.size(), lo, hi, bins, counts.data());
  for (int b = 0; b <= bins; ++b) edges[b] = lo + (hi - lo) * b / bins;
  const asl::VariancePrediction p = asl::predict_independent_pairs_variance(dist, dim, pairs);

  val histogram = val::object();
  histogram.set("edges", f64(edges));
  histogram.set("counts", f64(counts));
  histogram.set("outside", static_cast<double>(outside));
  val r = val::object();
  r.set("values", f32(values.data(), values.size()));
  r.set("mean", m.mean);
  r.set("variance", m.variance);
  r.set("sd", std::sqrt(m.variance));
  r.set("min", min);
  r.set("max", max);
  r.set("theoryMean", dim * dist.entry_mean() * dist.entry_mean());
  r.set("theoryVariance", p.theory);
  r.set("expectedVariance", p.expected);
  r.set("expectedVarianceSd", p.sd);
  r.set("histogram", histogram);
  return success(r);
}

// varianceSweep({ maxDim, vectors, distribution, mean, std, seed, scaled, entries }) → arrays over d = 1 … maxDim
val variance_sweep(val options) {
  Args args(options, {"maxDim", "vectors", "distribution", "mean", "std", "seed", "scaled", "entries"});
  const int max_dim = args.integer("maxDim", 2, kMaxDim, 512);
  const int vectors = args.integer("vectors", 2, kMaxSweepVectors, 100);
  const asl::EntryDistribution dist = read_distribution(args, options);
  const std::uint64_t seed = args.seed("seed", 1);
  const bool scaled = args.boolean("scaled", false);
  const bool entries = args.boolean("entries", false);
  const double work = static_cast<double>(vectors) * (vectors + 1) / 2.0 * max_dim;
  if (args.ok() && work > kMaxSweepWork)
    args.fail("vectors·(vectors + 1)/2·maxDim = " + fmt_number(work) +
              " is too large: allowed at most 268435456 (e.g. 1000 vectors up to maxDim 536)");
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::VarianceSweep s = asl::variance_sweep(dist, max_dim, vectors, seed, scaled);
  const double compute_ms = emscripten_get_now() - start;

  const std::size_t k = static_cast<std::size_t>(max_dim);
  std::vector<int> dims(k);
  std::vector<double> theory_mean(k), theory_variance(k), expected(k), expected_sd(k), fitted(k);
  std::vector<double> theory_row(k), expected_row(k);
  const double mu2 = dist.entry_mean() * dist.entry_mean();
  const double row_slope = dist.row_variance(), row_slope_expected = asl::expected_row_slope(dist, vectors);
  for (std::size_t i = 0; i < k; ++i) {
    const int d = static_cast<int>(i) + 1;
    dims[i] = d;
    const asl::VariancePrediction p = asl::predict_all_pairs_variance(dist, d, vectors);
    const double root = std::sqrt(static_cast<double>(d));
    theory_mean[i] = scaled ? root * mu2 : d * mu2;
    theory_variance[i] = scaled ? p.theory / d : p.theory;
    expected[i] = scaled ? p.expected / d : p.expected;
    expected_sd[i] = scaled ? p.sd / d : p.sd;
    fitted[i] = s.fit.slope * d + s.fit.intercept;  // the fitted line at each d, so the page draws it as is
    theory_row[i] = scaled ? row_slope : d * row_slope;
    expected_row[i] = scaled ? row_slope_expected : d * row_slope_expected;
  }
  val r = val::object();
  r.set("dims", i32(dims));
  r.set("mean", f64(s.mean));
  r.set("variance", f64(s.variance));
  r.set("slope", s.fit.slope);
  r.set("intercept", s.fit.intercept);
  r.set("fitted", f64(fitted));
  // Absent when fewer than two d have a positive variance (constant entries, σ = 0): there is no line to fit.
  if (std::isfinite(s.log_log_slope)) r.set("logLogSlope", s.log_log_slope);
  r.set("theorySlope", dist.product_variance());
  r.set("expectedSlope", asl::expected_pairs_slope(dist, vectors));
  r.set("theoryMean", f64(theory_mean));
  r.set("theoryVariance", f64(theory_variance));
  r.set("expectedVariance", f64(expected));
  r.set("expectedVarianceSd", f64(expected_sd));
  r.set("rowVariance", f64(s.row_variance));
  r.set("rowMeanVariance", f64(s.row_mean_variance));
  r.set("rowSlope", s.row_fit.slope);
  r.set("theoryRowSlope", row_slope);
  r.set("expectedRowSlope", row_slope_expected);
  r.set("theoryRowVariance", f64(theory_row));
  r.set("expectedRowVariance", f64(expected_row));
  r.set("pairs", s.pairs);
  r.set("vectors", vectors);
  r.set("maxDim", max_dim);
  r.set("scaled", scaled);
  r.set("computeMs", compute_ms);
  if (entries) {
    std::vector<float> x(static_cast<std::size_t>(vectors) * max_dim);
    asl::sweep_vectors(dist, max_dim, vectors, seed, x.data());
    r.set("entries", f32(x.data(), x.size()));
  }
  return success(r);
}

// softmaxStats({ scores | dK, n, beta, scaled, seed, model }) → one row's softmax, entropy and Jacobian
val softmax_stats(val options) {
  Args args(options, {"scores", "dK", "n", "beta", "scaled", "seed", "model"});
  const bool given = args.has("scores");
  const int d_k = args.integer("dK", 1, kMaxDim, 1);
  const double beta = args.number("beta", 0.0, 1e6, 1.0);
  const bool scaled = args.boolean("scaled", true);
  const std::uint64_t seed = args.seed("seed", 1);
  int n = args.integer("n", 1, kMaxRow, 16);
  asl::ScoreModel model = read_model(args);
  std::vector<double> scores;
  if (given) {
    if (args.ok() && args.has("n")) args.fail("n is not allowed with scores: the row has scores.length entries");
    if (args.ok() && args.has("model")) args.fail("model is not allowed with scores: nothing is drawn");
    const double length = array_length(options, "scores");
    if (args.ok() && length >= 0 && (length < 1 || length > kMaxRow))
      args.fail("scores has " + fmt_number(length) + " entries: allowed an array of 1 to 512 finite numbers");
    const std::vector<float> x = args.floats("scores", length, "1 to 512");
    scores.assign(x.begin(), x.end());
    n = static_cast<int>(scores.size());
  }
  if (!args.ok()) return failure(args.error());

  if (!given) {
    scores.resize(static_cast<std::size_t>(n));
    asl::score_row(model, d_k, n, seed, 0, scores.data());
  }
  const double scale = scaled ? 1.0 / std::sqrt(static_cast<double>(d_k)) : 1.0;
  std::vector<double> scaled_scores(scores.size()), logits(scores.size());
  for (std::size_t j = 0; j < scores.size(); ++j) {
    scaled_scores[j] = scale * scores[j];
    logits[j] = beta * scaled_scores[j];
  }
  asl::SoftmaxAnalysis a;
  asl::analyze_softmax(logits.data(), n, a);
  std::vector<double> jacobian(static_cast<std::size_t>(n) * n);
  asl::softmax_jacobian(a, jacobian.data());
  val r = val::object();
  r.set("scores", f64(scores));
  r.set("scale", scale);
  r.set("scaledScores", f64(scaled_scores));
  r.set("logits", f64(logits));
  r.set("weights", f64(a.p));
  r.set("argmax", a.argmax);
  r.set("maxWeight", a.max_weight);
  r.set("oneMinusMaxWeight", a.complement[a.argmax]);
  r.set("entropy", a.entropy);
  r.set("maxEntropy", a.max_entropy);
  r.set("effectiveKeys", a.effective_keys);
  r.set("jacobian", f64(jacobian));
  r.set("jacobianNorm", a.jacobian_frobenius);
  r.set("jacobianSpectralNorm", a.jacobian_spectral);
  r.set("dK", d_k);
  r.set("n", n);
  r.set("beta", beta);
  r.set("scaled", scaled);
  return success(r);
}

// One curve of gradientSweep; the query-gradient fields only for model "dot".
val gradient_curve(const asl::GradientCurve& c, bool dot) {
  val r = val::object();
  r.set("meanNorm", f64(c.mean_norm));
  r.set("stdError", f64(c.std_error));
  r.set("meanMaxWeight", f64(c.mean_max_weight));
  r.set("meanEntropy", f64(c.mean_entropy));
  r.set("medianNorm", f64(c.median_norm));
  r.set("quartile1", f64(c.quartile1));
  r.set("quartile3", f64(c.quartile3));
  r.set("fractionBelow", f64(c.fraction_below));
  if (dot) {
    r.set("meanQueryNorm", f64(c.mean_query_norm));
    r.set("medianQueryNorm", f64(c.median_query_norm));
    r.set("p90QueryNorm", f64(c.p90_query_norm));
  }
  return r;
}

const char* model_name(asl::ScoreModel model) { return model == asl::ScoreModel::dot ? "dot" : "normal"; }

// The work limits of gradientSweep and gradientDistribution: softmax rows·n for model "normal", normal draws for
// model "dot". `rows_text` and `draws_text` spell the expressions as the caller's options name them.
void check_gradient_work(Args& args, asl::ScoreModel model, int trials, std::size_t d_ks, int max_d_k, int n,
                         const std::string& rows_text, const std::string& draws_text) {
  if (!args.ok()) return;
  if (model == asl::ScoreModel::normal) {
    const double work = 2.0 * trials * static_cast<double>(d_ks) * n;
    if (work > kMaxGradientWork)
      args.fail(rows_text + " = " + fmt_number(work) + " is too large: allowed at most 67108864");
  } else {
    const double draws = static_cast<double>(trials) * max_d_k * (n + 1);
    if (draws > kMaxDotDraws)
      args.fail(draws_text + " = " + fmt_number(draws) + " is too large for model = \"dot\": allowed at most 33554432");
  }
}

// options.dKs: 1 … max_count strictly increasing integers from 1 to 4096 (gradientSweep, alignmentScaling).
std::vector<int> read_dks(Args& args, const val& options, int max_count) {
  std::vector<int> d_ks;
  const std::string allowed = "allowed an array of 1 to " + std::to_string(max_count) + " increasing integers from 1 to 4096";
  const double length = array_length(options, "dKs");
  if (args.ok() && length >= 0 && (length < 1 || length > max_count))
    args.fail("dKs has " + fmt_number(length) + " entries: " + allowed);
  const std::vector<float> x = args.floats("dKs", length, "1 to " + std::to_string(max_count));
  for (std::size_t i = 0; i < x.size() && args.ok(); ++i) {
    const bool integer = x[i] == std::floor(x[i]) && x[i] >= 1 && x[i] <= kMaxDim;
    if (!integer)
      args.fail("dKs[" + std::to_string(i) + "] = " + fmt_number(x[i]) +
                " is out of range: allowed an integer from 1 to 4096");
    else if (i > 0 && !(x[i] > x[i - 1]))
      args.fail("dKs[" + std::to_string(i) + "] = " + fmt_number(x[i]) + " is not allowed: dKs must increase (dKs[" +
                std::to_string(i - 1) + "] = " + fmt_number(x[i - 1]) + ")");
    else
      d_ks.push_back(static_cast<int>(x[i]));
  }
  return d_ks;
}

// gradientSweep({ dKs, n, trials, seed, model, threshold }) → { dKs, unscaled, scaled, ratio, … }
val gradient_sweep(val options) {
  Args args(options, {"dKs", "n", "trials", "seed", "model", "threshold"});
  const int n = args.integer("n", 2, kMaxGradientRow, 16);
  const int trials = args.integer("trials", 1, 100000, 1000);
  const std::uint64_t seed = args.seed("seed", 1);
  const asl::ScoreModel model = read_model(args);
  const double threshold = args.number("threshold", 0.0, kMaxThreshold, 0.01);
  std::vector<int> d_ks;
  if (!args.has("dKs")) {
    for (int d = 1; d <= kMaxDim; d *= 2) d_ks.push_back(d);
  } else {
    d_ks = read_dks(args, options, kMaxDKs);
  }
  if (args.ok())
    check_gradient_work(args, model, trials, d_ks.size(), d_ks.back(), n, "2·trials·dKs.length·n",
                        "trials·max(dKs)·(n + 1)");
  if (args.ok() && static_cast<double>(trials) * d_ks.size() > kMaxGradientRows)
    args.fail("trials·dKs.length = " + fmt_number(static_cast<double>(trials) * d_ks.size()) +
              " is too large: allowed at most 1048576 (every row's norm is kept for the quantiles)");
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::GradientSweep g = asl::gradient_sweep(model, d_ks, n, trials, seed, threshold);
  const double compute_ms = emscripten_get_now() - start;
  const bool dot = model == asl::ScoreModel::dot;
  val r = val::object();
  r.set("dKs", i32(g.d_ks));
  r.set("unscaled", gradient_curve(g.unscaled, dot));
  r.set("scaled", gradient_curve(g.scaled, dot));
  r.set("ratio", f64(g.ratio));
  r.set("n", n);
  r.set("trials", trials);
  r.set("model", std::string(model_name(model)));
  r.set("threshold", threshold);
  r.set("computeMs", compute_ms);
  return success(r);
}

// One sample of gradientDistribution: every row's norm, its spread and its histogram counts.
val norm_sample(const asl::NormSample& s) {
  val r = val::object();
  r.set("values", f64(s.values));
  r.set("counts", f64(s.counts));
  r.set("zeros", static_cast<double>(s.zeros));
  r.set("mean", s.spread.mean);
  r.set("median", s.spread.median);
  r.set("quartile1", s.spread.quartile1);
  r.set("quartile3", s.spread.quartile3);
  r.set("p90", s.spread.p90);
  r.set("max", s.spread.max);
  r.set("fractionBelow", s.spread.fraction_below);
  return r;
}

val norm_pair(const asl::NormPair& p) {
  val r = val::object();
  r.set("edges", f64(p.edges));
  r.set("unscaled", norm_sample(p.unscaled));
  r.set("scaled", norm_sample(p.scaled));
  return r;
}

// gradientDistribution({ dK, n, trials, seed, model, threshold, bins }) → every row's norms at one d_k, unscaled and
// scaled, with their spread and a histogram on shared log-spaced bins; the query gradient too for model "dot"
val gradient_distribution(val options) {
  Args args(options, {"dK", "n", "trials", "seed", "model", "threshold", "bins"});
  const int d_k = args.integer("dK", 1, kMaxDim, 1);
  if (!args.has("dK")) args.fail("dK is missing: allowed an integer from 1 to 4096");
  const int n = args.integer("n", 2, kMaxGradientRow, 16);
  const int trials = args.integer("trials", 1, 100000, 1000);
  const std::uint64_t seed = args.seed("seed", 1);
  const asl::ScoreModel model = read_model(args);
  const double threshold = args.number("threshold", 0.0, kMaxThreshold, 0.01);
  const int bins = args.integer("bins", 1, kMaxBins, 40);
  check_gradient_work(args, model, trials, 1, d_k, n, "2·trials·n", "trials·dK·(n + 1)");
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::GradientDistribution g = asl::gradient_distribution(model, d_k, n, trials, seed, threshold, bins);
  const double compute_ms = emscripten_get_now() - start;
  val r = val::object();
  r.set("jacobian", norm_pair(g.jacobian));
  if (model == asl::ScoreModel::dot) r.set("query", norm_pair(g.query));
  r.set("dK", d_k);
  r.set("scale", 1.0 / std::sqrt(static_cast<double>(d_k)));
  r.set("n", n);
  r.set("trials", trials);
  r.set("model", std::string(model_name(model)));
  r.set("threshold", threshold);
  r.set("bins", bins);
  r.set("computeMs", compute_ms);
  return success(r);
}

// peakWeightCap({ n, sd }) → the largest softmax weight one key can get in a row of n logits with spread sd, and
// the row that reaches it
val peak_weight_cap(val options) {
  Args args(options, {"n", "sd"});
  const int n = args.integer("n", 2, kMaxCapRow, 2);
  if (!args.has("n")) args.fail("n is missing: allowed an integer from 2 to 4096");
  const double sd = args.number("sd", 0.0, kMaxCapSd, 1.0);
  if (!args.has("sd")) args.fail("sd is missing: allowed a finite number from 0 to 50");
  if (!args.ok()) return failure(args.error());

  const asl::PeakWeightCap c = asl::peak_weight_cap(n, sd);
  val r = val::object();
  r.set("n", n);
  r.set("sd", sd);
  r.set("gap", c.gap);
  r.set("maxWeight", c.max_weight);
  r.set("oneMinusMaxWeight", c.one_minus_max_weight);
  r.set("log10OneMinusMaxWeight", c.log10_one_minus_max_weight);
  r.set("row", f64(c.row));
  r.set("weights", f64(c.weights));
  r.set("rowSd", c.row_sd);
  return success(r);
}

// scaleVariance({ c, values | count, seed, distribution, mean, std }) → both sides of Var(cX) = c²·Var(X)
val scale_variance(val options) {
  Args args(options, {"c", "values", "count", "seed", "distribution", "mean", "std"});
  const double c = args.number("c", -1e6, 1e6, 1.0);
  if (!args.has("c")) args.fail("c is missing: allowed a finite number from -1000000 to 1000000");
  std::vector<double> x;
  if (args.has("values")) {
    for (const char* p : {"count", "seed", "distribution", "mean", "std"})
      if (args.ok() && args.has(p)) args.fail(std::string(p) + " is not allowed with values: nothing is drawn");
    const double length = array_length(options, "values");
    if (args.ok() && length >= 0 && (length < 1 || length > kMaxValues))
      args.fail("values has " + fmt_number(length) + " entries: allowed an array of 1 to 1048576 finite numbers");
    const std::vector<float> v = args.floats("values", length, "1 to 1048576");
    x.assign(v.begin(), v.end());
  } else {
    const int count = args.integer("count", 1, kMaxValues, 1000);
    const std::uint64_t seed = args.seed("seed", 1);
    const asl::EntryDistribution dist = read_distribution(args, options);
    if (args.ok()) {
      x.resize(static_cast<std::size_t>(count));
      asl::sample_values(dist, x.size(), seed, x.data());
    }
  }
  if (!args.ok()) return failure(args.error());
  std::vector<double> cx(x.size());
  const asl::ScaleCheck s = asl::scale_variance(x.data(), x.size(), c, cx.data());
  val r = val::object();
  r.set("values", f64(x));
  r.set("scaledValues", f64(cx));
  r.set("c", c);
  r.set("meanX", s.mean_x);
  r.set("varX", s.var_x);
  r.set("meanCX", s.mean_cx);
  r.set("varCX", s.var_cx);
  r.set("c2VarX", s.c2_var_x);
  r.set("difference", s.var_cx - s.c2_var_x);
  return success(r);
}

// Every weight finite and their sum within tol of 1.
bool sums_to_one(const double* y, std::size_t n, double tol) {
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(y[i])) return false;
    sum += y[i];
  }
  return std::fabs(sum - 1.0) <= tol;
}

// softmaxNumerics({ values, beta }) → naive and stable softmax in float32 (SIMD kernels) and float64 (scalar)
val softmax_numerics(val options) {
  Args args(options, {"values", "beta"});
  const double length = array_length(options, "values");
  if (args.ok() && length >= 0 && (length < 1 || length > kMaxDim))
    args.fail("values has " + fmt_number(length) + " entries: allowed an array of 1 to 4096 finite numbers");
  const double beta = args.number("beta", 0.0, 1e6, 1.0);
  const std::vector<float> x = args.floats("values", length, "1 to 4096");
  if (!args.ok()) return failure(args.error());
  const int n = static_cast<int>(x.size());
  std::vector<float> naive32(x.size()), stable32(x.size());
  asl::kern::softmax_rows_naive(x.data(), static_cast<float>(beta), naive32.data(), 1, n, n);
  asl::kern::softmax_rows(x.data(), static_cast<float>(beta), stable32.data(), 1, n, n);
  const std::vector<double> x64(x.begin(), x.end());
  std::vector<double> naive64(x.size()), stable64(x.size());
  asl::softmax_naive_f64(x64.data(), beta, naive64.data(), n);
  asl::softmax_stable_f64(x64.data(), beta, stable64.data(), n);
  const std::vector<double> naive32_d(naive32.begin(), naive32.end()), stable32_d(stable32.begin(), stable32.end());
  double top = x64[0], bottom = x64[0];
  for (double v : x64) top = std::fmax(top, v), bottom = std::fmin(bottom, v);
  val r = val::object();
  r.set("naive32", f32(naive32.data(), naive32.size()));
  r.set("stable32", f32(stable32.data(), stable32.size()));
  r.set("naive64", f64(naive64));
  r.set("stable64", f64(stable64));
  r.set("maxLogit", beta * top);
  r.set("minLogit", beta * bottom);
  r.set("overflowAt32", asl::exp_overflow_threshold_f32());
  r.set("overflowAt64", asl::exp_overflow_threshold_f64());
  r.set("naive32Ok", sums_to_one(naive32_d.data(), x.size(), 1e-3));
  r.set("stable32Ok", sums_to_one(stable32_d.data(), x.size(), 1e-3));
  r.set("naive64Ok", sums_to_one(naive64.data(), x.size(), 1e-9));
  r.set("stable64Ok", sums_to_one(stable64.data(), x.size(), 1e-9));
  return success(r);
}

// --- Lessons 4 and 5: temperature, the Var(q·k) = d_k derivation and its assumptions, multi-head attention -------
// (cpp/engine/temperature.h, assumptions.h, multi_head.h)

constexpr int kMaxBoltzmannRow = 512;
constexpr int kMaxBetas = 256;
constexpr int kMaxNormalisationSide = 16;
constexpr double kMaxDerivationDraws = 4194304.0;   // samples·dK (q, k) pairs per pass in derivation
constexpr int kMaxAssumptionDim = 1024;              // dX, dK in assumptionCheck and weightDrift
constexpr int kMaxAssumptionTokens = 64;
constexpr double kMaxAssumptionDraws = 33554432.0;  // normal draws: samples·(tokens·dX + 2·dX·dK)
constexpr double kMaxAssumptionWork = 1073741824.0; // multiply-adds: drifts·samples·tokens·dK·(2·dX + tokens)
constexpr int kMaxDrifts = 64;
constexpr int kMaxMultiHeadModel = 1024;
constexpr int kMaxSweepHeadCounts = 32;

// An array (or typed array) of min_len … max_len finite numbers in [lo, hi], read as float64 (no rounding to
// float32: β = 0.001 stays 0.001). The first problem goes to args, as Args::floats does.
std::vector<double> read_doubles(Args& args, const val& options, const char* name, int min_len, int max_len,
                                 double lo, double hi) {
  std::vector<double> out;
  if (!args.ok()) return out;
  const std::string allowed = "allowed an array of " + std::to_string(min_len) + " to " + std::to_string(max_len) +
                              " finite numbers from " + fmt_number(lo) + " to " + fmt_number(hi);
  const double length = array_length(options, name);
  if (length < 0) {
    const val v = options.isUndefined() || options.isNull() ? val::undefined() : options[name];
    args.fail(std::string(name) + " = " + describe(v) + " is not allowed: " + allowed);
    return out;
  }
  if (length < min_len || length > max_len) {
    args.fail(std::string(name) + " has " + fmt_number(length) + " entries: " + allowed);
    return out;
  }
  out = emscripten::convertJSArrayToNumberVector<double>(options[name]);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!std::isfinite(out[i]) || out[i] < lo || out[i] > hi) {
      args.fail(std::string(name) + "[" + std::to_string(i) + "] = " + fmt_number(out[i]) +
                " is out of range: allowed a finite number from " + fmt_number(lo) + " to " + fmt_number(hi));
      out.clear();
      return out;
    }
  }
  return out;
}

// A sentence of 1 … 12 words of at most 40 bytes, tokenized as Lesson 1 does.
std::vector<std::string> read_sentence(Args& args, const char* name) {
  const std::string sentence = args.text(name, 600, "money bank grows");
  const std::vector<std::string> tokens = asl::tokenize(sentence);
  if (args.ok() && (tokens.empty() || tokens.size() > asl::kMaxSentenceWords))
    args.fail(std::string(name) + " has " + std::to_string(tokens.size()) + " words: allowed 1 to 12 words");
  for (const auto& t : tokens)
    if (args.ok() && t.size() > asl::kMaxWordBytes)
      args.fail(std::string(name) + " has a word of " + std::to_string(t.size()) +
                " bytes: allowed words of at most 40");
  return tokens;
}

// boltzmann({ scores, betas, shift }) → softmax(β·scores) for every β, with T = 1/β, entropy and largest weight, and
// the same for scores + shift
val boltzmann(val options) {
  Args args(options, {"scores", "betas", "shift"});
  if (!args.has("scores")) args.fail("scores is missing: allowed an array of 1 to 512 finite numbers");
  if (!args.has("betas")) args.fail("betas is missing: allowed an array of 1 to 256 finite numbers from 0 to 1000000");
  const double shift = args.number("shift", -1e6, 1e6, 0.0);
  const std::vector<double> scores = read_doubles(args, options, "scores", 1, kMaxBoltzmannRow, -1e6, 1e6);
  const std::vector<double> betas = read_doubles(args, options, "betas", 1, kMaxBetas, 0.0, 1e6);
  if (!args.ok()) return failure(args.error());

  const int n = static_cast<int>(scores.size()), m = static_cast<int>(betas.size());
  const asl::Boltzmann b = asl::boltzmann(scores.data(), n, betas.data(), m, shift);
  std::vector<double> weights, shifted, temperature, max_weight, complement, entropy, effective, change;
  std::vector<int> argmax;
  for (const asl::BoltzmannPoint& p : b.points) {
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
  r.set("betas", f64(betas));
  r.set("temperatures", f64(temperature));
  r.set("weights", f64(weights));
  r.set("argmax", i32(argmax));
  r.set("maxWeight", f64(max_weight));
  r.set("oneMinusMaxWeight", f64(complement));
  r.set("entropy", f64(entropy));
  r.set("effectiveKeys", f64(effective));
  r.set("maxEntropy", b.max_entropy);
  r.set("uniformWeight", 1.0 / n);
  r.set("shift", shift);
  r.set("shiftedScores", f64(b.shifted_scores));
  r.set("shiftedWeights", f64(shifted));
  r.set("shiftChange", f64(change));
  r.set("maxShiftChange", b.max_shift_change);
  r.set("n", n);
  r.set("count", m);
  return success(r);
}

// normalisationDemo({ scores, rows, cols, beta }) → the matrix normalised over its last index (rows sum to 1, as
// attention does) and over its first (columns sum to 1), and the float32 softmax kernel's rows for comparison
val normalisation_demo(val options) {
  Args args(options, {"scores", "rows", "cols", "beta"});
  const int rows = args.integer("rows", 1, kMaxNormalisationSide, 3);
  const int cols = args.integer("cols", 1, kMaxNormalisationSide, 3);
  const double beta = args.number("beta", 0.0, 1e6, 1.0);
  if (!args.has("scores"))
    args.fail("scores is missing: allowed an array of rows·cols = " + std::to_string(rows * cols) + " finite numbers");
  const double length = array_length(options, "scores");
  if (args.ok() && length >= 0 && length != static_cast<double>(rows) * cols)
    args.fail("scores has " + fmt_number(length) + " entries: expected rows·cols = " + std::to_string(rows) + "·" +
              std::to_string(cols) + " = " + std::to_string(rows * cols));
  const std::vector<double> s = read_doubles(args, options, "scores", rows * cols, rows * cols, -1e6, 1e6);
  if (!args.ok()) return failure(args.error());

  const asl::Normalisation n = asl::normalise_both_ways(s.data(), rows, cols, beta);
  // What the engine's attention does: the float32 SIMD softmax kernel over each row.
  const std::vector<float> s32(s.begin(), s.end());
  std::vector<float> kernel(s32.size());
  asl::kern::softmax_rows(s32.data(), static_cast<float>(beta), kernel.data(), rows, cols, cols);
  double kernel_difference = 0.0;
  for (std::size_t i = 0; i < kernel.size(); ++i)
    kernel_difference = std::fmax(kernel_difference, std::fabs(kernel[i] - n.by_row[i]));
  val r = val::object();
  r.set("rows", rows);
  r.set("cols", cols);
  r.set("beta", beta);
  r.set("scores", f64(s));
  r.set("byRow", f64(n.by_row));
  r.set("byColumn", f64(n.by_column));
  r.set("byRowRowSums", f64(n.by_row_row_sums));
  r.set("byRowColumnSums", f64(n.by_row_column_sums));
  r.set("byColumnRowSums", f64(n.by_column_row_sums));
  r.set("byColumnColumnSums", f64(n.by_column_column_sums));
  r.set("rowEntropy", f64(n.row_entropy));
  r.set("columnEntropy", f64(n.column_entropy));
  r.set("maxDifference", n.max_difference);
  r.set("kernelWeights", f32(kernel.data(), kernel.size()));
  r.set("kernelMaxDifference", kernel_difference);
  return success(r);
}

val quantity(const asl::Estimate& e, double theory) {
  val q = val::object();
  q.set("value", e.value);
  q.set("stdError", e.std_error);
  q.set("theory", theory);
  return q;
}

// derivation({ dK, samples, seed, meanQ, meanK, sigmaQ, sigmaK, correlation }) → each step of
// Var(q·k) = Σ Var(qᵢkᵢ) = Σ Var(qᵢ)Var(kᵢ) = dK as { value, stdError, theory }
val derivation(val options) {
  Args args(options, {"dK", "samples", "seed", "meanQ", "meanK", "sigmaQ", "sigmaK", "correlation"});
  asl::DerivationConfig c;
  c.d_k = args.integer("dK", 1, kMaxDim, 64);
  c.samples = args.integer("samples", 2, 1000000, 10000);
  c.seed = args.seed("seed", 1);
  c.mean_q = args.number("meanQ", -100.0, 100.0, 0.0);
  c.mean_k = args.number("meanK", -100.0, 100.0, 0.0);
  c.sigma_q = args.number("sigmaQ", 0.0, 100.0, 1.0);
  c.sigma_k = args.number("sigmaK", 0.0, 100.0, 1.0);
  c.correlation = args.number("correlation", -1.0, 1.0, 0.0);
  const double draws = static_cast<double>(c.samples) * c.d_k;
  if (args.ok() && draws > kMaxDerivationDraws)
    args.fail("samples·dK = " + fmt_number(draws) + " is too large: allowed at most 4194304");
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::DerivationCheck d = asl::derivation_check(c);
  const double compute_ms = emscripten_get_now() - start;
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
  return success(r);
}

// The options shared by assumptionCheck and weightDrift.
asl::AssumptionConfig read_assumption_config(Args& args) {
  asl::AssumptionConfig c;
  c.d_x = args.integer("dX", 1, kMaxAssumptionDim, 64);
  c.d_k = args.integer("dK", 1, kMaxAssumptionDim, 64);
  c.sigma_x = args.number("sigmaX", 0.001, 100.0, 1.0);
  c.sigma_wq = args.number("sigmaWq", 0.001, 100.0, 0.125);
  c.sigma_wk = args.number("sigmaWk", 0.001, 100.0, 0.125);
  c.mean_x = args.number("meanX", -10.0, 10.0, 0.0);
  c.tokens = args.integer("tokens", 2, kMaxAssumptionTokens, 8);
  c.samples = args.integer("samples", 2, 100000, 300);
  c.seed = args.seed("seed", 1);
  return c;
}

void check_assumption_work(Args& args, const asl::AssumptionConfig& c, std::size_t n_drifts) {
  if (!args.ok()) return;
  const double draws = static_cast<double>(c.samples) * (double(c.tokens) * c.d_x + 2.0 * c.d_x * c.d_k);
  if (draws > kMaxAssumptionDraws) {
    args.fail("samples·(tokens·dX + 2·dX·dK) = " + fmt_number(draws) + " is too large: allowed at most 33554432");
    return;
  }
  const double work = double(n_drifts) * c.samples * c.tokens * c.d_k * (2.0 * c.d_x + c.tokens);
  if (work > kMaxAssumptionWork)
    args.fail((n_drifts > 1 ? "drifts.length·samples·tokens·dK·(2·dX + tokens) = "
                            : "samples·tokens·dK·(2·dX + tokens) = ") +
              fmt_number(work) + " is too large: allowed at most 1073741824");
}

void set_estimate(val& r, const std::string& name, const asl::Estimate& e) {
  r.set(name, e.value);
  r.set(name + "StdError", e.std_error);
}

val sharpness(const asl::Sharpness& s) {
  val r = val::object();
  set_estimate(r, "maxWeight", s.max_weight);
  set_estimate(r, "entropy", s.entropy);
  return r;
}

// assumptionCheck({ dX, dK, sigmaX, sigmaWq, sigmaWk, meanX, tokens, samples, seed, drift }) → predicted against
// measured score variances of Q = X·W_q, K = X·W_k, on and off the diagonal, and what they do to the softmax
val assumption_check(val options) {
  Args args(options, {"dX", "dK", "sigmaX", "sigmaWq", "sigmaWk", "meanX", "tokens", "samples", "seed", "drift"});
  const asl::AssumptionConfig c = read_assumption_config(args);
  const double drift = args.number("drift", 0.01, 100.0, 1.0);
  check_assumption_work(args, c, 1);
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::AssumptionCheck a = asl::assumption_check(c, {drift});
  const double compute_ms = emscripten_get_now() - start;
  const asl::AssumptionPoint& p = a.points[0];
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
  r.set("scaledVarianceStdError", p.measured.std_error / c.d_k);
  r.set("scaledPredicted", p.scaled_predicted);
  r.set("standardBeta", p.standard_beta);
  r.set("restoringBeta", p.restoring_beta);
  r.set("predictedRestoringBeta", p.predicted_restoring_beta);
  r.set("scaled", sharpness(p.scaled));
  r.set("restored", sharpness(p.restored));
  r.set("assumed", sharpness(a.assumed));
  r.set("maxEntropy", a.max_entropy);
  r.set("firstScores", f32(a.first_scores.data(), static_cast<std::size_t>(a.first_scores.size())));
  r.set("firstWeights", f32(a.first_weights.data(), static_cast<std::size_t>(a.first_weights.size())));
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
  return success(r);
}

// weightDrift({ drifts, dX, dK, sigmaX, sigmaWq, sigmaWk, meanX, tokens, samples, seed }) → for each factor f that
// multiplies W_q and W_k (the same draws throughout): score variance (× f⁴) and softmax sharpness at β = 1/√dK
val weight_drift(val options) {
  Args args(options, {"drifts", "dX", "dK", "sigmaX", "sigmaWq", "sigmaWk", "meanX", "tokens", "samples", "seed"});
  const asl::AssumptionConfig c = read_assumption_config(args);
  std::vector<double> drifts = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0, 4.0};
  if (args.has("drifts")) drifts = read_doubles(args, options, "drifts", 1, kMaxDrifts, 0.01, 100.0);
  // f = 1 from the same draws is the base of varianceRatio: computed as one more factor when the list lacks it.
  const std::size_t k = drifts.size();
  std::size_t base = 0;
  while (base < k && drifts[base] != 1.0) ++base;
  std::vector<double> computed = drifts;
  if (base == k) computed.push_back(1.0);
  check_assumption_work(args, c, computed.size());
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::AssumptionCheck a = asl::assumption_check(c, computed);
  const double compute_ms = emscripten_get_now() - start;
  std::vector<double> predicted(k), predicted_all(k), measured(k), measured_se(k), diagonal(k), off_diagonal(k),
      scaled(k), scaled_se(k), restoring(k), max_weight(k), max_weight_se(k), entropy(k), entropy_se(k), ratio(k),
      sd_ratio(k), restored(k), restored_se(k);
  const double base_variance = a.points[base].measured.value;
  for (std::size_t i = 0; i < k; ++i) {
    const asl::AssumptionPoint& p = a.points[i];
    ratio[i] = p.measured.value / base_variance;
    sd_ratio[i] = std::sqrt(ratio[i]);
    predicted[i] = p.predicted.paper;
    predicted_all[i] = p.predicted.all;
    measured[i] = p.measured.value;
    measured_se[i] = p.measured.std_error;
    diagonal[i] = p.measured_diagonal.value;
    off_diagonal[i] = p.measured_off_diagonal.value;
    scaled[i] = p.scaled_variance;
    scaled_se[i] = p.measured.std_error / c.d_k;
    restoring[i] = p.restoring_beta;
    max_weight[i] = p.scaled.max_weight.value;
    max_weight_se[i] = p.scaled.max_weight.std_error;
    entropy[i] = p.scaled.entropy.value;
    entropy_se[i] = p.scaled.entropy.std_error;
    restored[i] = p.restored.max_weight.value;
    restored_se[i] = p.restored.max_weight.std_error;
  }
  val r = val::object();
  r.set("drifts", f64(drifts));
  r.set("predicted", f64(predicted));
  r.set("predictedAll", f64(predicted_all));
  r.set("measured", f64(measured));
  r.set("measuredStdError", f64(measured_se));
  r.set("varianceRatio", f64(ratio));
  r.set("sdRatio", f64(sd_ratio));
  r.set("measuredDiagonal", f64(diagonal));
  r.set("measuredOffDiagonal", f64(off_diagonal));
  r.set("scaledVariance", f64(scaled));
  r.set("scaledVarianceStdError", f64(scaled_se));
  r.set("restoringBeta", f64(restoring));
  r.set("maxWeight", f64(max_weight));
  r.set("maxWeightStdError", f64(max_weight_se));
  r.set("entropy", f64(entropy));
  r.set("entropyStdError", f64(entropy_se));
  r.set("restoredMaxWeight", f64(restored));
  r.set("restoredMaxWeightStdError", f64(restored_se));
  r.set("assumed", sharpness(a.assumed));
  r.set("maxEntropy", a.max_entropy);
  r.set("standardBeta", 1.0 / std::sqrt(static_cast<double>(c.d_k)));
  r.set("dX", c.d_x);
  r.set("dK", c.d_k);
  r.set("tokens", c.tokens);
  r.set("samples", c.samples);
  r.set("computeMs", compute_ms);
  return success(r);
}

// "dk" | "dmodel" | "none"
asl::HeadScale read_head_scale(Args& args) {
  const std::string name = args.text("scaleBy", 16, "dk");
  if (name == "dmodel") return asl::HeadScale::d_model;
  if (name == "none") return asl::HeadScale::none;
  if (name != "dk") args.fail("scaleBy = \"" + name + "\" is not allowed: use \"dk\", \"dmodel\" or \"none\"");
  return asl::HeadScale::d_k;
}

const char* head_scale_name(asl::HeadScale by) {
  return by == asl::HeadScale::d_model ? "dmodel" : by == asl::HeadScale::none ? "none" : "dk";
}

// "heads = 3 is not allowed: it must divide dModel = 8 (allowed: 1, 2, 4, 8)"
void check_heads_divide(Args& args, const std::string& what, int heads, int d_model) {
  if (!args.ok() || d_model % heads == 0) return;
  std::string list;
  for (int h = 1; h <= (d_model < kMaxHeads ? d_model : kMaxHeads); ++h)
    if (d_model % h == 0) list += (list.empty() ? "" : ", ") + std::to_string(h);
  args.fail(what + " = " + std::to_string(heads) + " is not allowed: it must divide dModel = " +
            std::to_string(d_model) + " (allowed: " + list + ")");
}

val head_stats_object(const std::vector<asl::HeadStats>& heads, float scale) {
  std::vector<double> variance, max_weight, entropy;
  for (const asl::HeadStats& h : heads) {
    variance.push_back(h.scaled_score_variance);
    max_weight.push_back(h.mean_max_weight);
    entropy.push_back(h.mean_entropy);
  }
  val r = val::object();
  r.set("scale", scale);
  r.set("scaledScoreVariance", f64(variance));
  r.set("maxWeight", f64(max_weight));
  r.set("entropy", f64(entropy));
  return r;
}

// multiHeadExample({ sentence, dModel, heads, seed, scaleBy }) → per-head weights, Concat(head_1 … head_H), W^O,
// the output, and per-head score variance and sharpness under each scaling
val multi_head_example(val options) {
  Args args(options, {"sentence", "dModel", "heads", "seed", "scaleBy"});
  const std::vector<std::string> tokens = read_sentence(args, "sentence");
  const int d_model = args.integer("dModel", 1, kMaxMultiHeadModel, 8);
  const int heads = args.integer("heads", 1, kMaxHeads, 2);
  const std::uint64_t seed = args.seed("seed", 1);
  const asl::HeadScale scale_by = read_head_scale(args);
  check_heads_divide(args, "heads", heads, d_model);
  if (!args.ok()) return failure(args.error());

  const asl::MultiHeadExample ex = asl::multi_head_example(tokens, d_model, heads, seed, scale_by);
  std::vector<double> variance, scaled_variance, max_weight, entropy;
  for (const asl::HeadStats& h : ex.heads) {
    variance.push_back(h.score_variance);
    scaled_variance.push_back(h.scaled_score_variance);
    max_weight.push_back(h.mean_max_weight);
    entropy.push_back(h.mean_entropy);
  }
  val r = val::object();
  r.set("tokens", string_array(ex.tokens));
  r.set("dModel", ex.d_model);
  r.set("heads", ex.n_heads);
  r.set("dK", ex.d_k);
  r.set("dV", ex.d_v);
  r.set("scaleBy", std::string(head_scale_name(scale_by)));
  r.set("scale", ex.scale);
  put_matrix(r, "embeddings", ex.embeddings);
  put_matrix(r, "wQ", ex.w_q);
  put_matrix(r, "wK", ex.w_k);
  put_matrix(r, "wV", ex.w_v);
  put_matrix(r, "q", ex.q);
  put_matrix(r, "k", ex.k);
  put_matrix(r, "v", ex.v);
  r.set("scores", f32(ex.scores.data(), ex.scores.size()));
  r.set("scaledScores", f32(ex.scaled_scores.data(), ex.scaled_scores.size()));
  r.set("weights", f32(ex.weights.data(), ex.weights.size()));
  put_matrix(r, "concat", ex.concat);
  put_matrix(r, "wO", ex.w_o);
  put_matrix(r, "output", ex.output);
  r.set("headScoreVariance", f64(variance));
  r.set("headScaledScoreVariance", f64(scaled_variance));
  r.set("headMaxWeight", f64(max_weight));
  r.set("headEntropy", f64(entropy));
  r.set("maxEntropy", std::log(static_cast<double>(ex.tokens.size())));
  val comparison = val::object();
  for (int b = 0; b < asl::kHeadScales; ++b) {
    const auto by = static_cast<asl::HeadScale>(b);
    comparison.set(head_scale_name(by), head_stats_object(ex.by_scale[b], asl::head_scale(by, d_model, heads)));
  }
  r.set("comparison", comparison);
  return success(r);
}

// multiHeadSweep({ dModel, heads, tokens, samples, seed }) → Monte Carlo over H of the per-head score variance and
// softmax sharpness under each scaling
val multi_head_sweep(val options) {
  Args args(options, {"dModel", "heads", "tokens", "samples", "seed"});
  const int d_model = args.integer("dModel", 1, kMaxMultiHeadModel, 64);
  const int tokens = args.integer("tokens", 2, kMaxAssumptionTokens, 8);
  const int samples = args.integer("samples", 2, 10000, 200);
  const std::uint64_t seed = args.seed("seed", 1);
  std::vector<int> heads;
  if (!args.has("heads")) {
    for (int h = 1; h <= (d_model < kMaxHeads ? d_model : kMaxHeads); h *= 2)
      if (d_model % h == 0) heads.push_back(h);
  } else {
    const std::vector<double> x = read_doubles(args, options, "heads", 1, kMaxSweepHeadCounts, 1, kMaxHeads);
    for (std::size_t i = 0; i < x.size() && args.ok(); ++i) {
      const std::string at = "heads[" + std::to_string(i) + "]";
      if (x[i] != std::floor(x[i]))
        args.fail(at + " = " + fmt_number(x[i]) + " is out of range: allowed an integer from 1 to 64");
      else if (i > 0 && !(x[i] > x[i - 1]))
        args.fail(at + " = " + fmt_number(x[i]) + " is not allowed: heads must increase (heads[" +
                  std::to_string(i - 1) + "] = " + fmt_number(x[i - 1]) + ")");
      else
        check_heads_divide(args, at, static_cast<int>(x[i]), d_model);
      if (args.ok()) heads.push_back(static_cast<int>(x[i]));
    }
  }
  const double draws = static_cast<double>(samples) * (double(tokens) * d_model + 2.0 * d_model * d_model);
  if (args.ok() && draws > kMaxAssumptionDraws)
    args.fail("samples·(tokens·dModel + 2·dModel²) = " + fmt_number(draws) + " is too large: allowed at most 33554432");
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::HeadScalingSweep s = asl::head_scaling_sweep(d_model, heads, tokens, samples, seed);
  const double compute_ms = emscripten_get_now() - start;
  std::vector<int> d_ks;
  std::vector<double> raw, raw_se;
  for (const auto& p : s.points) {
    d_ks.push_back(p.d_k);
    raw.push_back(p.score_variance);
    raw_se.push_back(p.score_variance_se);
  }
  val r = val::object();
  r.set("dModel", d_model);
  r.set("tokens", tokens);
  r.set("samples", samples);
  r.set("heads", i32(heads));
  r.set("dK", i32(d_ks));
  r.set("scoreVariance", f64(raw));
  r.set("scoreVarianceStdError", f64(raw_se));
  r.set("maxEntropy", s.max_entropy);
  for (int b = 0; b < asl::kHeadScales; ++b) {
    std::vector<double> scale, variance, variance_se, max_weight, max_weight_se, entropy, entropy_se;
    for (const auto& p : s.points) {
      scale.push_back(p.scale[b]);
      variance.push_back(p.scaled_variance[b]);
      variance_se.push_back(p.scaled_variance_se[b]);
      max_weight.push_back(p.mean_max_weight[b]);
      max_weight_se.push_back(p.mean_max_weight_se[b]);
      entropy.push_back(p.mean_entropy[b]);
      entropy_se.push_back(p.mean_entropy_se[b]);
    }
    val by = val::object();
    by.set("scale", f64(scale));
    by.set("scaledScoreVariance", f64(variance));
    by.set("scaledScoreVarianceStdError", f64(variance_se));
    by.set("maxWeight", f64(max_weight));
    by.set("maxWeightStdError", f64(max_weight_se));
    by.set("entropy", f64(entropy));
    by.set("entropyStdError", f64(entropy_se));
    r.set(head_scale_name(static_cast<asl::HeadScale>(b)), by);
  }
  r.set("computeMs", compute_ms);
  return success(r);
}

val info() {
  val r = val::object();
  r.set("version", std::string(ASL_VERSION));
  r.set("kernels", std::string(asl::kernel_set()));
  r.set("simd", std::string(asl::kernel_set()) != "scalar");
  return r;
}

// Bytes currently allocated by malloc inside the module: tests call it to show that bad input leaks nothing.
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_scale_lab) {
  emscripten::function("attention", &attention);
  emscripten::function("softmax", &softmax);
  emscripten::function("softmaxNaive", &softmax_naive);
  emscripten::function("dot", &dot);
  emscripten::function("random", &random_numbers);
  emscripten::function("selfAttentionExample", &self_attention_example);
  emscripten::function("info", &info);
  emscripten::function("heapInUse", &heap_in_use);
  emscripten::function("dotProducts", &dot_products);
  emscripten::function("varianceSweep", &variance_sweep);
  emscripten::function("softmaxStats", &softmax_stats);
  emscripten::function("gradientSweep", &gradient_sweep);
  emscripten::function("gradientDistribution", &gradient_distribution);
  emscripten::function("peakWeightCap", &peak_weight_cap);
  emscripten::function("scaleVariance", &scale_variance);
  emscripten::function("softmaxNumerics", &softmax_numerics);
  emscripten::function("boltzmann", &boltzmann);
  emscripten::function("normalisationDemo", &normalisation_demo);
  emscripten::function("derivation", &derivation);
  emscripten::function("assumptionCheck", &assumption_check);
  emscripten::function("weightDrift", &weight_drift);
  emscripten::function("multiHeadExample", &multi_head_example);
  emscripten::function("multiHeadSweep", &multi_head_sweep);
}

// ===============================================================================================================
// Benchmark block (build-scripts/bench, bench/run.mjs). It times one operation inside WASM on inputs that already
// live in WASM memory, as tfjs tensors do: the figures are the compute alone, and no JS array is copied while the
// clock runs. Every module has it; built with -DASL_ATTENTION_EIGEN (the attention_core_eigen module) it times the
// Eigen version of the same operation (cpp/engine/attention_eigen.cpp) instead of the engine's kernels.
// ===============================================================================================================
#include <emscripten/emscripten.h>
#include <emscripten/version.h>

#include <Eigen/Core>

#include "../bench/bench_case.h"
#include "../bench/sweep_case.h"

namespace {

#define ASL_STRINGIFY2(x) #x
#define ASL_STRINGIFY(x) ASL_STRINGIFY2(x)

// Runs `run` `warmup` times untimed, then `repeats` times `inner` back-to-back runs, and returns a Float64Array of
// `repeats` times in milliseconds, each the mean over its `inner` runs.
template <typename Run>
val time_runs(const Run& run, int warmup, int repeats, int inner) {
  for (int i = 0; i < warmup; ++i) run();
  std::vector<double> ms(static_cast<std::size_t>(repeats));
  for (double& t : ms) {
    const double start = emscripten_get_now();
    for (int i = 0; i < inner; ++i) run();
    t = (emscripten_get_now() - start) / inner;
  }
  return val::global("Float64Array").new_(emscripten::typed_memory_view(ms.size(), ms.data()));
}

// benchmark({ op: "attention" | "softmax" | "qkt" | "wv", n, dK, repeats, inner, warmup, seed, output })
// → Float64Array of `repeats` times in milliseconds, each the mean of `inner` back-to-back runs (inner > 1 lets
// sub-microsecond sizes be timed), after `warmup` untimed runs. With output: true it runs once, untimed, and
// returns the result (a Float32Array) instead, so implementations can be checked against each other.
// attention is one head, n_q = n_k = n, d_v = d_k, scale 1/√d_k, no mask; softmax is n rows of n; qkt and wv are
// attention's two products alone, for a per-pass profile (cpp/bench/bench_case.h).
val benchmark(val options) {
  Args args(options, {"op", "n", "dK", "repeats", "inner", "warmup", "seed", "output"});
  const std::string op_name = args.text("op", 16, "attention");
  asl::bench::Op op = asl::bench::Op::attention;
  if (!asl::bench::parse_op(op_name, &op))
    args.fail("op = \"" + op_name + "\" is not allowed: use \"attention\", \"softmax\", \"qkt\" or \"wv\"");
  const int n = args.integer("n", 1, kMaxDim, 1);
  const int d_k = args.integer("dK", 1, kMaxDim, 1);
  const int repeats = args.integer("repeats", 1, 100000, 1);
  const int inner = args.integer("inner", 1, 1000000, 1);
  const int warmup = args.integer("warmup", 0, 1000, 2);
  const std::uint64_t seed = args.seed("seed", 1);
  const bool output = args.boolean("output", false);
  if (!args.has("op")) args.fail("op is missing: use \"attention\", \"softmax\", \"qkt\" or \"wv\"");
  if (!args.has("n")) args.fail("n is missing: allowed an integer from 1 to 4096");
  const bool softmax = op == asl::bench::Op::softmax;
  if (args.ok() && !softmax && !args.has("dK")) args.fail("dK is missing: allowed an integer from 1 to 4096");
  if (args.ok() && softmax && args.has("dK"))
    args.fail("dK is not allowed with op = \"softmax\": its input is n rows of n");
  if (args.ok() && static_cast<double>(repeats) * inner > 1e7)
    args.fail("repeats·inner = " + fmt_number(static_cast<double>(repeats) * inner) +
              " is too large: allowed at most 10000000");
  if (!args.ok()) return failure(args.error());

  asl::bench::Case c(op, n, d_k, seed);
#if defined(ASL_ATTENTION_EIGEN)
  const auto run = [&c] { c.run_eigen(); };
#else
  const auto run = [&c] { c.run_engine(); };
#endif
  if (output) {
    run();
    return success(f32(c.result().data(), c.result().size()));
  }
  return success(time_runs(run, warmup, repeats, inner));
}

// benchmarkSweep({ method: "incremental" | "direct", maxDim, vectors, distribution, seed, repeats, warmup, output })
// → Float64Array of `repeats` times in milliseconds of one whole sweep d = 1 … maxDim (unscaled; the vectors are
// drawn inside the timed call, as the engine's varianceSweep draws them), after `warmup` untimed sweeps. With
// output: true it runs once, untimed, and returns { mean, variance } (Float64Arrays over d) instead, so the two
// methods and the other implementations can be checked against each other. "incremental" is the engine's
// asl::variance_sweep; "direct" recomputes every pair's dot product at every d with the dot kernel
// (cpp/bench/sweep_case.h). Not in the Eigen module: there is no Eigen version of the sweep.
val benchmark_sweep(val options) {
  Args args(options, {"method", "maxDim", "vectors", "distribution", "seed", "repeats", "warmup", "output"});
  const std::string method_name = args.text("method", 16, "incremental");
  asl::bench::SweepMethod method = asl::bench::SweepMethod::incremental;
  if (!asl::bench::parse_sweep_method(method_name, &method))
    args.fail("method = \"" + method_name + "\" is not allowed: use \"incremental\" or \"direct\"");
  const int max_dim = args.integer("maxDim", 2, kMaxDim, 512);
  const int vectors = args.integer("vectors", 2, kMaxSweepVectors, 100);
  const std::string distribution = args.text("distribution", 16, "uniform");
  if (distribution != "uniform" && distribution != "normal")
    args.fail("distribution = \"" + distribution + "\" is not allowed: use \"uniform\" or \"normal\"");
  const std::uint64_t seed = args.seed("seed", 1);
  const int repeats = args.integer("repeats", 1, 100000, 1);
  const int warmup = args.integer("warmup", 0, 1000, 1);
  const bool output = args.boolean("output", false);
#if defined(ASL_ATTENTION_EIGEN)
  args.fail("benchmarkSweep is not available in the Eigen module: use attention_core or attention_core_scalar");
#endif
  if (!args.ok()) return failure(args.error());

  asl::bench::SweepCase c(method,
                          distribution == "normal" ? asl::EntryDistribution::Kind::normal
                                                   : asl::EntryDistribution::Kind::uniform,
                          max_dim, vectors, seed);
  if (output) {
    c.run();
    val r = val::object();
    r.set("mean", f64(c.result.mean));
    r.set("variance", f64(c.result.variance));
    return success(r);
  }
  return success(time_runs([&c] { c.run(); }, warmup, repeats, 1));
}

// What this module's benchmark() times ("engine" or "eigen") and how the module was built.
val benchmark_info() {
  val r = val::object();
#if defined(ASL_ATTENTION_EIGEN)
  r.set("implementation", std::string("eigen"));
  r.set("eigenSimd", std::string(asl::eigen_simd_in_use()));
#else
  r.set("implementation", std::string("engine"));
  r.set("eigenSimd", std::string(Eigen::SimdInstructionSetsInUse()));
#endif
  r.set("kernels", std::string(asl::kernel_set()));
#if defined(__wasm_simd128__)
  r.set("simd128", true);
#else
  r.set("simd128", false);
#endif
  r.set("eigen", std::string(ASL_STRINGIFY(EIGEN_WORLD_VERSION) "." ASL_STRINGIFY(EIGEN_MAJOR_VERSION) "." ASL_STRINGIFY(
      EIGEN_MINOR_VERSION)));
  r.set("emscripten", std::string(ASL_STRINGIFY(__EMSCRIPTEN_major__) "." ASL_STRINGIFY(
      __EMSCRIPTEN_minor__) "." ASL_STRINGIFY(__EMSCRIPTEN_tiny__)));
  r.set("compiler", std::string(__VERSION__));
  return r;
}

#undef ASL_STRINGIFY
#undef ASL_STRINGIFY2

}  // namespace

EMSCRIPTEN_BINDINGS(attention_scale_lab_benchmark) {
  emscripten::function("benchmark", &benchmark);
  emscripten::function("benchmarkInfo", &benchmark_info);
  emscripten::function("benchmarkSweep", &benchmark_sweep);
}

// ===============================================================================================================
// Training lab (Lesson 6, docs/API.md): trainers live in a handle table inside the module, so no Embind
// class handle crosses into JavaScript. createTrainer answers an integer id; trainerStep, trainerEvaluate,
// trainerAttention and trainerDelete take { id, … }. web/engine.js wraps the id in an object whose delete() frees
// the trainer; every answer is a copy.
// ===============================================================================================================
#include <map>
#include <memory>

#include "../engine/training/trainer.h"

namespace {

namespace tr = asl::training;

constexpr double kMaxTrainerWorkspace = 67108864.0;  // floats of activations per trainer (256 MiB)
constexpr std::size_t kMaxTrainers = 16;

std::map<int, std::unique_ptr<tr::Trainer>>& trainer_table() {
  static std::map<int, std::unique_ptr<tr::Trainer>> table;
  return table;
}
int next_trainer_id = 1;

// The trainer named by options.id, or null with the reason in args.
tr::Trainer* find_trainer(Args& args) {
  if (!args.has("id")) {
    args.fail("id is missing: pass the id that createTrainer answered");
    return nullptr;
  }
  const int id = args.integer("id", 1, 2147483647, 0);
  if (!args.ok()) return nullptr;
  const auto it = trainer_table().find(id);
  if (it == trainer_table().end()) {
    args.fail("id = " + std::to_string(id) + " is not a live trainer: it was deleted or never created");
    return nullptr;
  }
  return it->second.get();
}

val evaluation_value(const tr::Evaluation& e) {
  val r = val::object();
  r.set("tokenAccuracy", e.token_accuracy);
  r.set("sequenceAccuracy", e.sequence_accuracy);
  r.set("loss", e.loss);
  r.set("count", static_cast<double>(e.count));
  return r;
}

val search_value(const tr::Trainer& t) {
  if (t.config().beta_strategy != tr::BetaStrategy::search) return val::null();
  const tr::SearchState& s = t.search();
  val probes = val::array();
  for (std::size_t i = 0; i < s.probes.size(); ++i) {
    const tr::SearchProbe& p = s.probes[i];
    val probe = val::object();
    probe.set("beta", p.beta);
    probe.set("log10Beta", p.log10_beta);
    probe.set("stage", p.stage);
    probe.set("val", evaluation_value(p.val));
    probes.set(i, probe);
  }
  val r = val::object();
  r.set("finished", s.finished);
  r.set("beta", s.probes.empty() ? val::null() : val(s.beta()));
  val bracket = val::array();
  if (s.finished || !s.probes.empty()) {
    bracket.set(0, s.lo());
    bracket.set(1, s.hi());
  }
  r.set("bracket", s.finished ? bracket : val::null());
  r.set("probes", probes);
  return r;
}

// The configuration as run (defaults filled in), the architecture and its parameter count.
val trainer_info(int id, const tr::Trainer& t) {
  const tr::TrainerConfig& c = t.config();
  val r = val::object();
  r.set("id", id);
  r.set("model", std::string(tr::model_name(c.model.kind)));
  r.set("L", c.model.L);
  r.set("R", c.model.R);
  r.set("trainSize", c.train_size);
  r.set("valSize", c.val_size);
  r.set("testSize", c.test_size);
  r.set("dModel", c.model.d_model);
  r.set("heads", c.model.n_heads);
  r.set("dK", c.model.d_k());
  r.set("betaStrategy", std::string(tr::beta_strategy_name(c.beta_strategy)));
  r.set("beta", t.beta());
  r.set("lr", c.lr);
  r.set("betaLr", c.beta_lr != 0.0 ? c.beta_lr : c.lr);
  r.set("batchSize", std::min(c.batch_size, c.train_size));
  r.set("epochs", c.epochs);
  r.set("warmupSteps", c.warmup_steps);
  r.set("clipNorm", c.clip_norm);
  r.set("seed", static_cast<double>(c.seed));
  r.set("searchPowers", c.search_powers);
  r.set("searchIterations", c.search_iterations);
  r.set("probeEpochs", t.probe_epochs());
  r.set("stepsPerEpoch", t.steps_per_epoch());
  r.set("totalSteps", static_cast<double>(t.total_steps()));
  r.set("parameterCount", static_cast<double>(t.parameters().size()));
  r.set("modelParameterCount", static_cast<double>(t.model_parameter_count()));
  val layers = val::array();
  const auto layout = tr::parameter_layout(c.model);
  for (std::size_t i = 0; i < layout.size(); ++i) {
    val layer = val::object();
    layer.set("name", layout[i].name);
    val shape = val::array();
    shape.set(0, layout[i].rows);
    shape.set(1, layout[i].cols);
    layer.set("shape", shape);
    layer.set("count", static_cast<double>(layout[i].size()));
    layers.set(i, layer);
  }
  if (c.beta_strategy == tr::BetaStrategy::learned) {
    val layer = val::object();
    layer.set("name", std::string("attn.log_beta"));
    val shape = val::array();
    shape.set(0, 1);
    shape.set(1, 1);
    layer.set("shape", shape);
    layer.set("count", 1);
    layers.set(layout.size(), layer);
  }
  r.set("parameters", layers);
  r.set("betaReach", val::null());
  if (c.beta_strategy == tr::BetaStrategy::learned) {
    const tr::LearnedBetaReach reach = tr::learned_beta_reach(c);
    val b = val::object();
    b.set("initialBeta", reach.initial_beta);
    b.set("lrSum", reach.lr_sum);
    b.set("ceiling", reach.ceiling);
    b.set("bound", reach.bound);
    r.set("betaReach", b);
  }
  r.set("kernels", std::string(asl::kernel_set()));
  return r;
}

// createTrainer({ model, L, R, trainSize, valSize, testSize, dModel, heads, betaStrategy, beta, lr, betaLr,
//                 batchSize, epochs, warmupSteps, clipNorm, seed, searchPowers, searchIterations, probeEpochs })
val create_trainer(val options) {
  using Lim = tr::TrainerLimits;
  Args args(options, {"model", "L", "R", "trainSize", "valSize", "testSize", "dModel", "heads", "betaStrategy", "beta",
                      "lr", "betaLr", "batchSize", "epochs", "warmupSteps", "clipNorm", "seed", "searchPowers",
                      "searchIterations", "probeEpochs"});
  tr::TrainerConfig c;
  const std::string model = args.text("model", 16, "encoder");
  if (args.ok() && !tr::parse_model_kind(model, &c.model.kind))
    args.fail("model = \"" + model + "\" is not allowed: use \"encoder\" or \"attention\"");
  c.model.L = args.integer("L", 2, Lim::max_L, 20);
  c.model.R = args.integer("R", 2, Lim::max_R, 100);
  c.model.d_model = args.integer("dModel", 1, Lim::max_d_model, c.model.L);
  c.model.n_heads = args.integer("heads", 1, Lim::max_heads, 1);
  c.train_size = args.integer("trainSize", 1, Lim::max_set, 15000);
  c.val_size = args.integer("valSize", 1, Lim::max_set, 1000);
  c.test_size = args.integer("testSize", 1, Lim::max_set, 10000);
  const std::string strategy = args.text("betaStrategy", 32, "inverse-sqrt-dk");
  if (args.ok() && !tr::parse_beta_strategy(strategy, &c.beta_strategy))
    args.fail("betaStrategy = \"" + strategy +
              "\" is not allowed: use \"inverse-sqrt-dk\", \"fixed\", \"search\", \"dynamic\", \"learned\", "
              "\"qk-norm\" or \"qk-layernorm\"");
  if (args.has("beta")) c.beta = args.number("beta", Lim::min_beta, Lim::max_beta, 1.0);
  c.lr = args.number("lr", 0.0, 1.0, 5e-4);
  if (args.has("betaLr")) c.beta_lr = args.number("betaLr", 0.0, 1.0, 5e-4);
  c.batch_size = args.integer("batchSize", 1, Lim::max_batch, 128);
  c.epochs = args.integer("epochs", 1, Lim::max_epochs, 10);
  c.warmup_steps = args.integer("warmupSteps", 0, Lim::max_warmup, 50);
  c.clip_norm = args.number("clipNorm", 0.0, 1e6, 5.0);
  c.seed = args.seed("seed", 1);
  c.search_powers = args.integer("searchPowers", 0, Lim::max_search_powers, 2);
  c.search_iterations = args.integer("searchIterations", 0, Lim::max_search_iterations, 3);
  c.probe_epochs = args.integer("probeEpochs", 1, Lim::max_probe_epochs, 0);
  if (args.ok() && c.beta_strategy != tr::BetaStrategy::search)
    for (const char* name : {"searchPowers", "searchIterations", "probeEpochs"})
      if (args.ok() && args.has(name))
        args.fail(std::string(name) + " is not allowed with betaStrategy = \"" + strategy +
                  "\": only \"search\" uses it");
  if (args.ok() && args.has("betaLr") && c.beta_lr == 0.0)
    args.fail("betaLr = 0 is out of range: allowed a number above 0 up to 1");
  if (!args.ok()) return failure(args.error());
  const std::string problem = tr::check_config(c, kMaxTrainerWorkspace);
  if (!problem.empty()) return failure(problem);
  if (trainer_table().size() >= kMaxTrainers)
    return failure(std::to_string(kMaxTrainers) + " trainers are alive: delete() one before creating another");
  const int id = next_trainer_id++;
  auto& slot = trainer_table()[id];
  slot = std::make_unique<tr::Trainer>(c);
  return success(trainer_info(id, *slot));
}

// trainerStep({ id, steps }) → progress after up to `steps` optimizer steps
val trainer_step(val options) {
  Args args(options, {"id", "steps"});
  tr::Trainer* t = find_trainer(args);
  const int steps = args.integer("steps", 0, 100000, 1);
  if (!args.ok()) return failure(args.error());
  std::vector<float> losses, betas, entropies, max_logits;
  for (auto* v : {&losses, &betas, &entropies, &max_logits}) v->reserve(static_cast<std::size_t>(steps));
  const double start = emscripten_get_now();
  const tr::StepResult s = t->step(steps, &losses, &betas, &entropies, &max_logits);
  const double compute_ms = emscripten_get_now() - start;
  val r = val::object();
  r.set("stepsRun", s.steps_run);
  r.set("loss", s.loss);
  r.set("meanLoss", s.mean_loss);
  r.set("losses", f32(losses.data(), losses.size()));
  r.set("betas", f32(betas.data(), betas.size()));
  // Each step's attention entropy (mean over its batch's rows, nats) and largest |logit|; the last step's alone; and
  // QK-norm's g per head after the last step (null for the other strategies).
  r.set("entropies", f32(entropies.data(), entropies.size()));
  r.set("maxLogits", f32(max_logits.data(), max_logits.size()));
  r.set("attentionEntropy", s.attention_entropy);
  r.set("maxLogit", s.max_abs_logit);
  const std::vector<float> qk_scale(s.qk_scale.begin(), s.qk_scale.end());
  r.set("qkScale", qk_scale.empty() ? val::null() : f32(qk_scale.data(), qk_scale.size()));
  r.set("step", static_cast<double>(s.step));
  r.set("totalSteps", static_cast<double>(s.total_steps));
  r.set("runStep", static_cast<double>(s.run_step));
  r.set("runSteps", static_cast<double>(s.run_steps));
  r.set("epoch", s.epoch);
  r.set("epochs", t->config().epochs);
  r.set("beta", s.beta);
  r.set("lr", s.lr);
  r.set("betaLr", t->config().beta_strategy == tr::BetaStrategy::learned ? val(s.beta_lr) : val::null());
  r.set("gradNorm", s.grad_norm);
  r.set("phase", std::string(tr::phase_name(s.phase)));
  r.set("done", t->phase() == tr::Phase::done);
  r.set("probe", s.probe);
  r.set("probeCount", s.probe_count);
  r.set("search", search_value(*t));
  r.set("computeMs", compute_ms);
  return success(r);
}

// trainerEvaluate({ id, split }) → accuracy of the current model on "test" (default), "val" or "train"
val trainer_evaluate(val options) {
  Args args(options, {"id", "split"});
  tr::Trainer* t = find_trainer(args);
  const std::string split = args.text("split", 32, "test");
  tr::Split s = tr::Split::test;
  if (split == "val") s = tr::Split::val;
  else if (split == "train") s = tr::Split::train;
  else if (split != "test") args.fail("split = \"" + split + "\" is not allowed: use \"test\", \"val\" or \"train\"");
  if (!args.ok()) return failure(args.error());
  const double start = emscripten_get_now();
  const tr::Evaluation e = t->evaluate(s);
  val r = evaluation_value(e);
  r.set("split", split);
  r.set("step", static_cast<double>(t->steps_done()));
  r.set("beta", t->beta());
  r.set("computeMs", emscripten_get_now() - start);
  return success(r);
}

// trainerAttention({ id, index }) → the attention weights (heads, L, L) of validation example `index`
val trainer_attention(val options) {
  Args args(options, {"id", "index"});
  tr::Trainer* t = find_trainer(args);
  const int n = t ? t->config().val_size : 1;
  const int index = args.integer("index", 0, n - 1, 0);
  if (!args.has("index")) args.fail("index is missing: allowed an integer from 0 to " + std::to_string(n - 1));
  if (!args.ok()) return failure(args.error());
  std::vector<float> weights;
  std::vector<tr::Token> predicted;
  t->attention_for(index, weights, predicted);
  const int L = t->config().model.L;
  const tr::Token* in = t->data().val.inputs.data() + static_cast<std::size_t>(index) * L;
  const tr::Token* target = t->data().val.targets.data() + static_cast<std::size_t>(index) * L;
  val r = val::object();
  r.set("index", index);
  r.set("heads", t->config().model.n_heads);
  r.set("L", L);
  r.set("weights", f32(weights.data(), weights.size()));
  r.set("inputs", i32(std::vector<int>(in, in + L)));
  r.set("targets", i32(std::vector<int>(target, target + L)));
  r.set("predicted", i32(std::vector<int>(predicted.begin(), predicted.end())));
  r.set("beta", t->beta());
  r.set("step", static_cast<double>(t->steps_done()));
  return success(r);
}

// trainerDelete({ id }) frees the trainer; answers true.
val trainer_delete(val options) {
  Args args(options, {"id"});
  find_trainer(args);
  if (!args.ok()) return failure(args.error());
  trainer_table().erase(options["id"].as<int>());
  return success(val(true));
}

// Live trainers: web/engine.js reports it in resources().
int trainer_count() { return static_cast<int>(trainer_table().size()); }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_scale_lab_training) {
  emscripten::function("createTrainer", &create_trainer);
  emscripten::function("trainerStep", &trainer_step);
  emscripten::function("trainerEvaluate", &trainer_evaluate);
  emscripten::function("trainerAttention", &trainer_attention);
  emscripten::function("trainerDelete", &trainer_delete);
  emscripten::function("trainerCount", &trainer_count);
}

// ===============================================================================================================
// Lesson 7 (cpp/engine/beyond.h, docs/API.md): what later work does about attention's temperature. lengthScaling
// is closed form; alignmentScaling and qkNormDemo are Monte Carlo from the engine's seeded generator.
// ===============================================================================================================
#include <functional>
#include <utility>

#include "../engine/beyond.h"

namespace {

constexpr int kMaxLengthPoints = 256;              // ns.length in lengthScaling
constexpr double kMaxLengthKeys = 1e12;            // the largest n in lengthScaling
constexpr double kMaxLengthLogit = 1000.0;         // |top|, |rest| in lengthScaling
constexpr double kMaxLengthS = 100.0;              // s in lengthScaling
constexpr int kMaxBeyondDKs = 32;                  // dKs.length in alignmentScaling
constexpr int kMaxBeyondKeys = 256;                // n in alignmentScaling and qkNormDemo
constexpr int kMaxBeyondSamples = 100000;          // samples in alignmentScaling and qkNormDemo
constexpr double kMaxAlignmentDraws = 8388608.0;   // normal draws in alignmentScaling: samples·(max dKs + n·dKs.length)
constexpr int kMaxQkNormDrifts = 64;               // drifts.length in qkNormDemo
constexpr double kMaxQkNormWork = 134217728.0;     // multiply-adds in qkNormDemo: samples·drifts.length·n·dK

val two_level_value(const asl::TwoLevelRow& row) {
  val r = val::object();
  r.set("topWeight", row.top_weight);
  r.set("maxWeight", row.max_weight);
  r.set("entropy", row.entropy);
  return r;
}

// Sets r[name] to a Float64Array of field(point) over the points, for each (name, field): one array per quantity,
// indexed like the list option the points came from.
template <class Point>
using Column = std::pair<const char*, std::function<double(const Point&)>>;
template <class Point>
void set_columns(val& r, const std::vector<Point>& points, const std::vector<Column<Point>>& columns) {
  std::vector<double> values(points.size());
  for (const auto& [name, field] : columns) {
    for (std::size_t i = 0; i < points.size(); ++i) values[i] = field(points[i]);
    r.set(name, f64(values));
  }
}

// lengthScaling({ ns, top, rest, s }) → per n, the largest weight and entropy of one logit `top` among n − 1 logits
// `rest`, plain and with every logit multiplied by s·ln n
val length_scaling(val options) {
  Args args(options, {"ns", "top", "rest", "s"});
  if (!args.has("ns")) args.fail("ns is missing: allowed an array of 1 to 256 integers from 1 to 1000000000000");
  const double top = args.number("top", -kMaxLengthLogit, kMaxLengthLogit, 3.0);
  const double rest = args.number("rest", -kMaxLengthLogit, kMaxLengthLogit, -2.0);
  const double s = args.number("s", 0.0, kMaxLengthS, 0.43);
  const std::vector<double> ns = read_doubles(args, options, "ns", 1, kMaxLengthPoints, 1.0, kMaxLengthKeys);
  for (std::size_t i = 0; i < ns.size() && args.ok(); ++i)
    if (ns[i] != std::floor(ns[i]))
      args.fail("ns[" + std::to_string(i) + "] = " + fmt_number(ns[i]) +
                " is not allowed: allowed an integer from 1 to 1000000000000 (a number of keys)");
  if (!args.ok()) return failure(args.error());

  const asl::LengthScaling l = asl::length_scaling(ns.data(), static_cast<int>(ns.size()), top, rest, s);
  using P = asl::LengthPoint;
  val r = val::object();
  set_columns<P>(r, l.points, {{"ns", [](const P& p) { return p.n; }},
                               {"scale", [](const P& p) { return p.scale; }},
                               {"plainMaxWeight", [](const P& p) { return p.plain.max_weight; }},
                               {"plainTopWeight", [](const P& p) { return p.plain.top_weight; }},
                               {"plainEntropy", [](const P& p) { return p.plain.entropy; }},
                               {"scaledMaxWeight", [](const P& p) { return p.scaled.max_weight; }},
                               {"scaledTopWeight", [](const P& p) { return p.scaled.top_weight; }},
                               {"scaledEntropy", [](const P& p) { return p.scaled.entropy; }},
                               {"maxEntropy", [](const P& p) { return std::log(p.n); }}});
  r.set("sGap", l.s_gap);
  r.set("scaledLimit", l.scaled_limit);
  r.set("criticalS", l.critical_s);
  r.set("unitScaleN", l.unit_scale_n);
  r.set("top", top);
  r.set("rest", rest);
  r.set("s", s);
  return success(r);
}

// Per-d_k fields of one scale (1/√d_k or μP's) as an object of Float64Arrays: { scale: [...], alignedLogit: [...], … }.
val scaled_rows_value(const asl::AlignmentScaling& a, double asl::AlignmentPoint::*scale, asl::ScaledRow asl::AlignmentPoint::*row) {
  using P = asl::AlignmentPoint;
  const auto of = [row](double asl::ScaledRow::*field) { return [row, field](const P& p) { return (p.*row).*field; }; };
  const auto value = [row](asl::Estimate asl::ScaledRow::*field) { return [row, field](const P& p) { return ((p.*row).*field).value; }; };
  const auto error = [row](asl::Estimate asl::ScaledRow::*field) { return [row, field](const P& p) { return ((p.*row).*field).std_error; }; };
  val r = val::object();
  set_columns<P>(r, a.points, {{"scale", [scale](const P& p) { return p.*scale; }},
                               {"alignedLogit", value(&asl::ScaledRow::aligned_logit)},
                               {"alignedLogitStdError", error(&asl::ScaledRow::aligned_logit)},
                               {"alignedLogitSd", of(&asl::ScaledRow::aligned_logit_sd)},
                               {"otherLogitSd", of(&asl::ScaledRow::other_logit_sd)},
                               {"maxWeight", value(&asl::ScaledRow::max_weight)},
                               {"maxWeightStdError", error(&asl::ScaledRow::max_weight)},
                               {"alignedWeight", value(&asl::ScaledRow::aligned_weight)},
                               {"alignedWeightStdError", error(&asl::ScaledRow::aligned_weight)},
                               {"entropy", value(&asl::ScaledRow::entropy)},
                               {"entropyStdError", error(&asl::ScaledRow::entropy)},
                               {"theoryMean", of(&asl::ScaledRow::theory_mean)},
                               {"theorySd", of(&asl::ScaledRow::theory_sd)},
                               {"theoryOtherSd", of(&asl::ScaledRow::theory_other_sd)}});
  return r;
}

// alignmentScaling({ dKs, rho, n, samples, baseDK, seed }) → per d_k, the logits of a query against a key aligned
// with it (coordinate correlation rho) and n − 1 independent keys, scaled by 1/√d_k and by μP's √baseDK/d_k
val alignment_scaling(val options) {
  Args args(options, {"dKs", "rho", "n", "samples", "baseDK", "seed"});
  asl::AlignmentConfig c;
  if (!args.has("dKs")) args.fail("dKs is missing: allowed an array of 1 to 32 increasing integers from 1 to 4096");
  c.rho = args.number("rho", -1.0, 1.0, 0.5);
  c.n = args.integer("n", 2, kMaxBeyondKeys, 16);
  c.samples = args.integer("samples", 2, kMaxBeyondSamples, 400);
  c.base_d_k = args.integer("baseDK", 1, kMaxDim, 1);
  c.seed = args.seed("seed", 1);
  c.d_ks = read_dks(args, options, kMaxBeyondDKs);
  if (args.ok()) {
    const double draws = static_cast<double>(c.samples) * (c.d_ks.back() + static_cast<double>(c.n) * c.d_ks.size());
    if (draws > kMaxAlignmentDraws)
      args.fail("samples·(max(dKs) + n·dKs.length) = " + fmt_number(draws) + " is too large: allowed at most 8388608");
  }
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::AlignmentScaling a = asl::alignment_scaling(c);
  const double compute_ms = emscripten_get_now() - start;
  using P = asl::AlignmentPoint;
  val r = val::object();
  r.set("dKs", i32(c.d_ks));
  r.set("inverseSqrt", scaled_rows_value(a, &P::inverse_sqrt_scale, &P::inverse_sqrt));
  r.set("mup", scaled_rows_value(a, &P::mup_scale, &P::mup));
  r.set("mupLimit", two_level_value(a.mup_limit));
  r.set("uniformWeight", 1.0 / c.n);
  r.set("maxEntropy", std::log(static_cast<double>(c.n)));
  r.set("rho", c.rho);
  r.set("n", c.n);
  r.set("samples", c.samples);
  r.set("baseDK", c.base_d_k);
  r.set("computeMs", compute_ms);
  return success(r);
}

// Per-drift fields of one way of forming the logits: { entropy: [...], entropyStdError: [...], … }.
val sharpness_columns(const asl::QkNormDemo& d, asl::RowSharpness asl::QkNormPoint::*way) {
  using P = asl::QkNormPoint;
  val r = val::object();
  set_columns<P>(r, d.points, {{"entropy", [way](const P& p) { return (p.*way).entropy.value; }},
                               {"entropyStdError", [way](const P& p) { return (p.*way).entropy.std_error; }},
                               {"maxWeight", [way](const P& p) { return (p.*way).max_weight.value; }},
                               {"maxWeightStdError", [way](const P& p) { return (p.*way).max_weight.std_error; }},
                               {"maxAbsLogit", [way](const P& p) { return (p.*way).max_abs_logit; }}});
  return r;
}

// qkNormDemo({ dK, n, drifts, g, samples, seed }) → per drift factor f on the queries and keys, the mean entropy and
// largest weight of a row under standard attention, QK-norm and qk-layernorm, and what logits in [−g, g] allow
val qk_norm_demo(val options) {
  Args args(options, {"dK", "n", "drifts", "g", "samples", "seed"});
  asl::QkNormConfig c;
  c.d_k = args.integer("dK", 2, kMaxDim, 64);
  c.n = args.integer("n", 2, kMaxBeyondKeys, 16);
  c.g = args.number("g", 0.001, 1000.0, 8.0);
  c.samples = args.integer("samples", 2, kMaxBeyondSamples, 200);
  c.seed = args.seed("seed", 1);
  std::vector<double> drifts = {0.25, 0.5, 1.0, 2.0, 4.0};
  if (args.has("drifts")) drifts = read_doubles(args, options, "drifts", 1, kMaxQkNormDrifts, 0.001, 1000.0);
  if (args.ok()) {
    const double work = static_cast<double>(c.samples) * drifts.size() * c.n * c.d_k;
    if (work > kMaxQkNormWork)
      args.fail("samples·drifts.length·n·dK = " + fmt_number(work) + " is too large: allowed at most 134217728");
  }
  if (!args.ok()) return failure(args.error());

  const double start = emscripten_get_now();
  const asl::QkNormDemo d = asl::qk_norm_demo(c, drifts.data(), static_cast<int>(drifts.size()));
  const double compute_ms = emscripten_get_now() - start;
  val r = val::object();
  r.set("drifts", f64(drifts));
  r.set("standard", sharpness_columns(d, &asl::QkNormPoint::standard));
  r.set("qkNorm", sharpness_columns(d, &asl::QkNormPoint::qk_norm));
  r.set("qkLayerNorm", sharpness_columns(d, &asl::QkNormPoint::qk_layernorm));
  r.set("sharpest", two_level_value(d.sharpest));
  r.set("minEntropy", d.min_entropy);
  r.set("minEntropyTops", d.min_entropy_tops);
  r.set("maxEntropy", d.max_entropy);
  r.set("layerNormBound", std::sqrt(static_cast<double>(c.d_k)));
  r.set("dK", c.d_k);
  r.set("g", c.g);
  r.set("n", c.n);
  r.set("samples", c.samples);
  r.set("computeMs", compute_ms);
  return success(r);
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_scale_lab_beyond) {
  emscripten::function("lengthScaling", &length_scaling);
  emscripten::function("alignmentScaling", &alignment_scaling);
  emscripten::function("qkNormDemo", &qk_norm_demo);
}
