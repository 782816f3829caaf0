// The only C++ that knows about JavaScript. Every function takes one options object, validates each argument, and
// answers { ok: true, value } or { ok: false, error: "<parameter> = <value> …: allowed …" }. It never throws across
// WASM frames: a throw there would skip C++ destructors and leak the heap buffers and emval handles in scope.
// web/engine.js turns { ok: false } into a JavaScript Error, so callers see an ordinary exception.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "../engine/attention.h"
#include "../engine/random.h"
#include "../engine/self_attention_example.h"
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
  const auto put = [&r](const char* name, const asl::RowMatrixXf& m) {
    r.set(name, f32(m.data(), static_cast<std::size_t>(m.size())));
  };
  put("embeddings", ex.embeddings);
  put("wQ", ex.w_q);
  put("wK", ex.w_k);
  put("wV", ex.w_v);
  put("q", ex.q);
  put("k", ex.k);
  put("v", ex.v);
  put("scores", ex.scores);
  put("scaledScores", ex.scaled_scores);
  put("weights", ex.weights);
  put("contextual", ex.contextual);
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
}
