// The benchmark's bindings (build-scripts/bench, bench/*.mjs), not part of the public API. They time one operation
// inside WASM on inputs that already live in WASM memory, as tfjs tensors do: the figures are the compute alone.
// Built with -DASL_ATTENTION_EIGEN (the attention_core_eigen module) benchmark() times the Eigen version of the same
// operation (cpp/engine/attention_eigen.cpp). The caller is the benchmark's own code: a bad argument is answered
// with a message string, checked no further than that.
#include <emscripten/emscripten.h>
#include <emscripten/version.h>

#include <Eigen/Core>

#include "bench/bench_case.h"
#include "bench/ceiling.h"
#include "bench/sweep_case.h"
#include "common.h"
#include "kernels/kernels.h"

namespace asl::bindings {
namespace {

#define ASL_STRINGIFY2(x) #x
#define ASL_STRINGIFY(x) ASL_STRINGIFY2(x)

// Runs `run` `warmup` times untimed, then `repeats` times `inner` back-to-back runs: a Float64Array of `repeats`
// times in milliseconds, each the mean over its `inner` runs.
template <typename Run>
val time_runs(const Run& run, int warmup, int repeats, int inner) {
  for (int i = 0; i < warmup; ++i) run();
  std::vector<double> ms(static_cast<std::size_t>(repeats));
  for (double& t : ms) {
    const double start = emscripten_get_now();
    for (int i = 0; i < inner; ++i) run();
    t = (emscripten_get_now() - start) / inner;
  }
  return f64(ms);
}

bool sizes_ok(int n, int d_k, int repeats, int inner, int warmup) {
  return n >= 1 && n <= 4096 && d_k >= 1 && d_k <= 4096 && repeats >= 1 && inner >= 1 && warmup >= 0 &&
         static_cast<double>(repeats) * inner <= 1e7;
}

// benchmark(op, n, dK, repeats, inner, warmup, seed, output): op "attention" | "attention-output" | "softmax" |
// "qkt" | "wv" (one head,
// n_q = n_k = n, d_v = d_k; cpp/bench/bench_case.h). output: run once, untimed, and answer the result instead.
val benchmark(std::string op_name, int n, int d_k, int repeats, int inner, int warmup, double seed, bool output) {
  bench::Op op = bench::Op::attention;
  if (!bench::parse_op(op_name, &op)) return problem("op = \"" + op_name + "\": use attention, attention-output, softmax, qkt or wv");
  if (!sizes_ok(n, d_k, repeats, inner, warmup)) return problem("a size or count is out of range");
  bench::Case c(op, n, d_k, static_cast<std::uint64_t>(seed));
#if defined(ASL_ATTENTION_EIGEN)
  const auto run = [&c] { c.run_eigen(); };
#else
  const auto run = [&c] { c.run_engine(); };
#endif
  if (output) {
    run();
    return f32(c.result().data(), c.result().size());
  }
  return time_runs(run, warmup, repeats, inner);
}

// benchmarkSweep(method, maxDim, vectors, normal, seed, repeats, warmup, output): one whole variance sweep
// d = 1 … maxDim, "incremental" (the engine's) or "direct" (cpp/bench/sweep_case.h); output: { mean, variance }.
val benchmark_sweep(std::string method_name, int max_dim, int vectors, bool normal, double seed, int repeats,
                    int warmup, bool output) {
#if defined(ASL_ATTENTION_EIGEN)
  return problem("benchmarkSweep is not available in the Eigen module: use attention_core or attention_core_scalar");
#endif
  bench::SweepMethod method = bench::SweepMethod::incremental;
  if (!bench::parse_sweep_method(method_name, &method)) return problem("method = \"" + method_name + "\"");
  if (!sizes_ok(max_dim, vectors, repeats, 1, warmup) || vectors > 1000) return problem("a size is out of range");
  bench::SweepCase c(method, normal ? EntryDistribution::Kind::normal : EntryDistribution::Kind::uniform, max_dim,
                     vectors, static_cast<std::uint64_t>(seed));
  if (output) {
    c.run();
    val r = val::object();
    r.set("mean", f64(c.result.mean));
    r.set("variance", f64(c.result.variance));
    return r;
  }
  return time_runs([&c] { c.run(); }, warmup, repeats, 1);
}

// benchmarkCeiling(repeats, iterations): milliseconds of `iterations` rounds of cpp/bench/ceiling.h's twelve
// independent f32x4 multiply-add chains, `repeats` times (kCeilingFlopsPerIteration flops a round): the ceiling.
val benchmark_ceiling(int repeats, double iterations) {
#if defined(ASL_SIMD)
  volatile float x = 0.999f, y = 0.001f, sink = 0.0f;
  const long n = static_cast<long>(iterations);
  const auto run = [&] { sink = sink + bench::madd_ceiling(n, x, y); };
  return time_runs(run, 1, repeats, 1);
#else
  (void)repeats, (void)iterations;
  return problem("this module has no SIMD kernels");
#endif
}

// What this module's benchmark() times ("engine" or "eigen") and how the module was built.
val benchmark_info() {
  val r = val::object();
#if defined(ASL_ATTENTION_EIGEN)
  r.set("implementation", std::string("eigen"));
  r.set("eigenSimd", std::string(eigen_simd_in_use()));
#else
  r.set("implementation", std::string("engine"));
  r.set("eigenSimd", std::string(Eigen::SimdInstructionSetsInUse()));
#endif
  r.set("kernels", std::string(kernel_set()));
  r.set("ceilingFlopsPerIteration", bench::kCeilingFlopsPerIteration);
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
}  // namespace asl::bindings

EMSCRIPTEN_BINDINGS(asl_benchmark) {
  using namespace asl::bindings;
  emscripten::function("benchmark", &benchmark);
  emscripten::function("benchmarkInfo", &benchmark_info);
  emscripten::function("benchmarkSweep", &benchmark_sweep);
  emscripten::function("benchmarkCeiling", &benchmark_ceiling);
}
