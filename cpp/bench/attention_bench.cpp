// attention-bench: the native side of build-scripts/bench. It times the engine (asl::attention_forward and the
// kernels, SSE2 here) and the same operations written with Eigen, interleaved round-robin, and prints JSON with
// every sample (milliseconds) for bench/kernels/run.mjs to merge with the WASM figures. It prints no table of its own.
// With --sweep it times one variance sweep instead (cpp/bench/sweep_case.h: the engine's incremental sweep or the
// direct one), for bench/kernels/sweep.mjs, which calls it once per round to interleave it with the other implementations.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "bench/bench_case.h"
#include "bench/sweep_case.h"
#include "engine/attention_eigen.h"
#include "kernels/kernels.h"

namespace {

using asl::bench::Case;
using asl::bench::Op;

int usage() {
  std::fprintf(stderr,
               "usage: attention-bench [--case OP:N[xDK]]... [--rounds 15] [--sample-ms 1] [--batch-ms 30]\n"
               "                       [--seed 1]\n"
               "  OP is attention, softmax, qkt or wv; e.g. --case attention:512x128 --case softmax:2048\n"
               "Times the engine and Eigen round-robin; prints JSON (every sample in ms) on standard output.\n"
               "   or: attention-bench --sweep MAXDIMxVECTORS [--method incremental|direct] [--repeats 5]\n"
               "                       [--warmup 1] [--distribution uniform|normal] [--seed 1] [--output 1]\n"
               "Times whole variance sweeps d = 1 ... MAXDIM; prints JSON (every sample in ms; with --output 1 also\n"
               "the mean and variance at every d).\n");
  return 2;
}

double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

const char* op_name(Op op) {
  switch (op) {
    case Op::attention: return "attention";
    case Op::attention_output: return "attention-output";
    case Op::softmax: return "softmax";
    case Op::qkt: return "qkt";
    case Op::wv: return "wv";
  }
  return "?";
}

constexpr int kImpls = 2;  // 0: the engine, 1: Eigen
const char* const kImplNames[kImpls] = {"native", "native-eigen"};

struct Job {
  Case c;
  int inner[kImpls] = {1, 1};    // runs per sample, so a sample lasts at least --sample-ms
  int repeats[kImpls] = {1, 1};  // samples per batch, so a batch lasts about --batch-ms
  std::vector<double> samples[kImpls];
  double max_abs_diff = 0;  // engine against Eigen, on the same inputs

  explicit Job(Case c_) : c(std::move(c_)) {}

  void run(int impl) { impl == 0 ? c.run_engine() : c.run_eigen(); }
  double sample(int impl) {  // ms per run
    const double start = now_ms();
    for (int i = 0; i < inner[impl]; ++i) run(impl);
    return (now_ms() - start) / inner[impl];
  }
};

bool parse_case(const std::string& text, Op* op, int* n, int* d_k) {
  const auto colon = text.find(':');
  if (colon == std::string::npos || !asl::bench::parse_op(text.substr(0, colon), op)) return false;
  char* end = nullptr;
  const std::string dims = text.substr(colon + 1);
  *n = static_cast<int>(std::strtol(dims.c_str(), &end, 10));
  *d_k = 1;
  if (*op != Op::softmax) {
    if (*end != 'x') return false;
    *d_k = static_cast<int>(std::strtol(end + 1, &end, 10));
  }
  return *end == '\0' && *n >= 1 && *n <= 4096 && *d_k >= 1 && *d_k <= 4096;
}

// --sweep mode: `repeats` timed sweeps after `warmup` untimed ones, as JSON.
int run_sweep(int argc, char** argv) {
  int max_dim = 0, vectors = 0, repeats = 5, warmup = 1;
  bool output = false;
  unsigned long long seed = 1;
  asl::bench::SweepMethod method = asl::bench::SweepMethod::incremental;
  auto kind = asl::EntryDistribution::Kind::uniform;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) return usage();
    const std::string value = argv[++i];
    if (flag == "--sweep") {
      char* end = nullptr;
      max_dim = static_cast<int>(std::strtol(value.c_str(), &end, 10));
      if (*end != 'x') return usage();
      vectors = static_cast<int>(std::strtol(end + 1, &end, 10));
      if (*end != '\0') return usage();
    } else if (flag == "--method") {
      if (!asl::bench::parse_sweep_method(value, &method)) return usage();
    } else if (flag == "--repeats") {
      repeats = std::atoi(value.c_str());
    } else if (flag == "--warmup") {
      warmup = std::atoi(value.c_str());
    } else if (flag == "--distribution") {
      if (value == "normal") kind = asl::EntryDistribution::Kind::normal;
      else if (value != "uniform") return usage();
    } else if (flag == "--seed") {
      seed = std::strtoull(value.c_str(), nullptr, 10);
    } else if (flag == "--output") {
      output = value == "1";
    } else {
      return usage();
    }
  }
  if (max_dim < 2 || max_dim > 4096 || vectors < 2 || vectors > 1000 || repeats < 1 || repeats > 100000 ||
      warmup < 0 || warmup > 1000)
    return usage();

  asl::bench::SweepCase c(method, kind, max_dim, vectors, seed);
  for (int i = 0; i < warmup; ++i) c.run();
  std::vector<double> samples;
  for (int r = 0; r < repeats; ++r) {
    const double start = now_ms();
    c.run();
    samples.push_back(now_ms() - start);
  }
  std::printf("{\n  \"kernels\": \"%s\",\n  \"compiler\": \"%s\",\n  \"method\": \"%s\",\n  \"maxDim\": %d,\n"
              "  \"vectors\": %d,\n  \"samples\": [",
              asl::kernel_set(), __VERSION__, asl::bench::sweep_method_name(method), max_dim, vectors);
  for (std::size_t s = 0; s < samples.size(); ++s) std::printf("%s%.6g", s ? ", " : "", samples[s]);
  std::printf("]");
  if (output) {
    for (const auto* field : {"mean", "variance"}) {
      const std::vector<double>& v = field[0] == 'm' ? c.result.mean : c.result.variance;
      std::printf(",\n  \"%s\": [", field);
      for (std::size_t d = 0; d < v.size(); ++d) std::printf("%s%.17g", d ? ", " : "", v[d]);
      std::printf("]");
    }
  }
  std::printf("\n}\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--sweep") return run_sweep(argc, argv);
  std::vector<Job> jobs;
  int rounds = 15;
  double sample_ms = 1.0, batch_ms = 30.0;
  unsigned long long seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) return usage();
    const std::string value = argv[++i];
    if (flag == "--case") {
      Op op;
      int n, d_k;
      if (!parse_case(value, &op, &n, &d_k)) return usage();
      jobs.emplace_back(Case(op, n, d_k, seed));
    } else if (flag == "--rounds") {
      rounds = std::atoi(value.c_str());
    } else if (flag == "--sample-ms") {
      sample_ms = std::atof(value.c_str());
    } else if (flag == "--batch-ms") {
      batch_ms = std::atof(value.c_str());
    } else if (flag == "--seed") {
      seed = std::strtoull(value.c_str(), nullptr, 10);  // applies to the cases that follow
    } else {
      return usage();
    }
  }
  if (jobs.empty() || rounds < 1 || rounds > 10000 || !(sample_ms > 0) || !(batch_ms > 0)) return usage();

  // Calibrate: warm up, then size each sample and batch from the median of a few single runs.
  for (Job& job : jobs) {
    for (int impl = 0; impl < kImpls; ++impl) {
      job.run(impl);
      job.run(impl);
      std::vector<double> t;
      for (int r = 0; r < 5; ++r) t.push_back(job.sample(impl));
      std::nth_element(t.begin(), t.begin() + 2, t.end());
      const double one = std::max(t[2], 1e-6);
      job.inner[impl] = static_cast<int>(std::clamp(std::ceil(sample_ms / one), 1.0, 1e6));
      job.repeats[impl] = static_cast<int>(std::clamp(std::round(batch_ms / (one * job.inner[impl])), 1.0, 1000.0));
    }
    job.run(0);
    const std::vector<float> engine = job.c.result();
    job.run(1);
    const std::vector<float>& eigen = job.c.result();
    for (std::size_t i = 0; i < engine.size(); ++i)
      job.max_abs_diff = std::max(job.max_abs_diff, static_cast<double>(std::fabs(engine[i] - eigen[i])));
  }

  // Round-robin: every round runs one batch of each implementation on each case, the order alternating.
  for (int round = 0; round < rounds; ++round)
    for (Job& job : jobs)
      for (int i = 0; i < kImpls; ++i) {
        const int impl = (i + round) % kImpls;
        for (int r = 0; r < job.repeats[impl]; ++r) job.samples[impl].push_back(job.sample(impl));
      }

  std::printf("{\n  \"kernels\": \"%s\",\n  \"eigenSimd\": \"%s\",\n  \"compiler\": \"%s\",\n  \"rounds\": %d,\n",
              asl::kernel_set(), asl::eigen_simd_in_use(), __VERSION__, rounds);
  std::printf("  \"cases\": [\n");
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const Job& job = jobs[j];
    for (int impl = 0; impl < kImpls; ++impl) {
      std::printf("    {\"impl\": \"%s\", \"op\": \"%s\", \"n\": %d, \"dK\": %d, \"inner\": %d, "
                  "\"maxAbsDiffEngineEigen\": %.3g, \"samples\": [",
                  kImplNames[impl], op_name(job.c.op), job.c.n, job.c.op == Op::softmax ? 0 : job.c.d_k,
                  job.inner[impl], job.max_abs_diff);
      for (std::size_t s = 0; s < job.samples[impl].size(); ++s)
        std::printf("%s%.6g", s ? ", " : "", job.samples[impl][s]);
      std::printf("]}%s\n", j + 1 == jobs.size() && impl + 1 == kImpls ? "" : ",");
    }
  }
  std::printf("  ]\n}\n");
  return 0;
}
