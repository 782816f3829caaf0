// Runs the fuzz target without libFuzzer: on the files named on the command line (a saved crash or a corpus), then
// on `--runs N` inputs drawn from the engine's seeded generator (`--seed S`). Built with every native build and run
// by ctest, so the sanitizer build of the test command (preset native-asan) exercises the target on each run.
// When an input fails (an abort: the target's own checks, or a sanitizer with abort_on_error=1, as the test command
// sets), it prints the seed and the input's number; `--from N --runs 1` then replays that input alone.
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engine/random.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {
volatile std::sig_atomic_t current_run = -1;
std::uint64_t current_seed = 1;

extern "C" void report_failing_input(int signal) {
  std::fprintf(stderr, "engine_fuzz_replay: input %ld of seed %llu failed; replay it with --seed %llu --from %ld --runs 1\n",
               static_cast<long>(current_run), static_cast<unsigned long long>(current_seed),
               static_cast<unsigned long long>(current_seed), static_cast<long>(current_run));
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}
}  // namespace

int main(int argc, char** argv) {
  long runs = 20000, from = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) runs = std::atol(argv[++i]);
    else if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (std::strcmp(argv[i], "--from") == 0 && i + 1 < argc) from = std::atol(argv[++i]);
    else files.emplace_back(argv[i]);
  }
  for (const auto& name : files) {
    std::ifstream file(name, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::fprintf(stderr, "engine_fuzz_replay: %s (%zu bytes)\n", name.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  current_seed = seed;
  std::signal(SIGABRT, report_failing_input);
  std::signal(SIGSEGV, report_failing_input);
  asl::Rng rng(seed);
  std::vector<std::uint8_t> input;
  for (long run = 0; run < from + runs; ++run) {
    input.resize(static_cast<std::size_t>(rng.next_u64() % 2048));
    for (auto& byte : input) byte = static_cast<std::uint8_t>(rng.next_u64() >> 56);
    if (run < from) continue;  // drawn, not run: input numbers stay the same whatever --from is
    current_run = static_cast<std::sig_atomic_t>(run);
    LLVMFuzzerTestOneInput(input.data(), input.size());
  }
  std::printf("engine_fuzz_replay: %ld seeded inputs and %zu files, no failure\n", runs, files.size());
  return 0;
}
