// attention-lab: the native command line. It runs the engine's experiments outside the browser and prints JSON,
// so native and WASM numbers can be compared (tests/js) and runs can be scripted. It does not draw anything.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/random.h"
#include "engine/self_attention_example.h"
#include "kernels/kernels.h"
#include "lr_sweep.h"
#include "train.h"

namespace {

void print_array(const char* name, const float* data, long n, bool last = false) {
  std::printf("  \"%s\": [", name);
  for (long i = 0; i < n; ++i) std::printf("%s%.9g", i ? ", " : "", static_cast<double>(data[i]));
  std::printf("]%s\n", last ? "" : ",");
}

void print_doubles(const char* name, const std::vector<double>& xs) {
  std::printf("  \"%s\": [", name);
  for (std::size_t i = 0; i < xs.size(); ++i) std::printf("%s%.17g", i ? ", " : "", xs[i]);
  std::printf("],\n");
}

int usage() {
  std::fprintf(stderr,
               "usage: attention-lab random  [--seed S] [--count N]\n"
               "       attention-lab example [--sentence \"money bank grows\"] [--dmodel 8] [--dk 4] [--dv D]\n"
               "                             [--seed 1] [--unscaled] [--causal]\n"
               "       attention-lab train | table1 | dump | lr-sweep [options]   (the training lab: add --help)\n"
               "Prints JSON on standard output.\n");
  return 2;
}

// Reads "--name value" pairs; returns false on an unknown flag or a missing value.
struct Flags {
  std::string sentence = "money bank grows";
  long d_model = 8, d_k = 4, d_v = -1, count = 16;
  unsigned long long seed = 1;
  bool scaled = true, causal = false;

  bool parse(int argc, char** argv) {
    for (int i = 2; i < argc; ++i) {
      const std::string flag = argv[i];
      const bool has_value = i + 1 < argc;
      if (flag == "--unscaled") {
        scaled = false;
      } else if (flag == "--causal") {
        causal = true;
      } else if (!has_value) {
        return false;
      } else if (flag == "--sentence") {
        sentence = argv[++i];
      } else if (flag == "--dmodel") {
        d_model = std::strtol(argv[++i], nullptr, 10);
      } else if (flag == "--dk") {
        d_k = std::strtol(argv[++i], nullptr, 10);
      } else if (flag == "--dv") {
        d_v = std::strtol(argv[++i], nullptr, 10);
      } else if (flag == "--count") {
        count = std::strtol(argv[++i], nullptr, 10);
      } else if (flag == "--seed") {
        seed = std::strtoull(argv[++i], nullptr, 10);
      } else {
        return false;
      }
    }
    if (d_v < 0) d_v = d_model;
    return d_model >= 1 && d_model <= 4096 && d_k >= 1 && d_k <= 4096 && d_v >= 1 && d_v <= 4096 && count >= 1 &&
           count <= (1 << 20);
  }
};

int cmd_random(const Flags& f) {
  std::vector<double> uniform(static_cast<std::size_t>(f.count)), normal(static_cast<std::size_t>(f.count));
  asl::Rng a(f.seed), b(f.seed);
  for (double& x : uniform) x = a.uniform();
  for (double& x : normal) x = b.normal();
  std::printf("{\n  \"seed\": %llu,\n", f.seed);
  print_doubles("uniform", uniform);
  print_doubles("normal", normal);
  std::printf("  \"kernels\": \"%s\"\n}\n", asl::kernel_set());
  return 0;
}

int cmd_example(const Flags& f) {
  const auto tokens = asl::tokenize(f.sentence);
  if (tokens.empty() || tokens.size() > asl::kMaxSentenceWords) {
    std::fprintf(stderr, "attention-lab: the sentence must have 1 to 12 words\n");
    return 2;
  }
  const auto ex = asl::self_attention_example(tokens, static_cast<int>(f.d_model), static_cast<int>(f.d_k),
                                              static_cast<int>(f.d_v), f.seed, f.scaled, f.causal);
  std::printf("{\n  \"tokens\": [");
  for (std::size_t i = 0; i < ex.tokens.size(); ++i) {
    std::printf("%s\"", i ? ", " : "");
    for (char c : ex.tokens[i]) {
      if (c == '"' || c == '\\') std::printf("\\%c", c);
      else if (static_cast<unsigned char>(c) < 0x20) std::printf("\\u%04x", c);
      else std::putchar(c);
    }
    std::printf("\"");
  }
  std::printf("],\n  \"scale\": %.9g,\n", static_cast<double>(ex.scale));
  print_array("embeddings", ex.embeddings.data(), ex.embeddings.size());
  print_array("wQ", ex.w_q.data(), ex.w_q.size());
  print_array("wK", ex.w_k.data(), ex.w_k.size());
  print_array("wV", ex.w_v.data(), ex.w_v.size());
  print_array("q", ex.q.data(), ex.q.size());
  print_array("k", ex.k.data(), ex.k.size());
  print_array("v", ex.v.data(), ex.v.size());
  print_array("scores", ex.scores.data(), ex.scores.size());
  print_array("scaledScores", ex.scaled_scores.data(), ex.scaled_scores.size());
  print_array("weights", ex.weights.data(), ex.weights.size());
  print_array("contextual", ex.contextual.data(), ex.contextual.size(), true);
  std::printf("}\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  if (asl::cli::is_training_command(argv[1])) return asl::cli::training_command(argc, argv);
  if (std::strcmp(argv[1], "lr-sweep") == 0) return asl::cli::lr_sweep_command(argc, argv);
  Flags flags;
  if (!flags.parse(argc, argv)) return usage();
  if (std::strcmp(argv[1], "random") == 0) return cmd_random(flags);
  if (std::strcmp(argv[1], "example") == 0) return cmd_example(flags);
  return usage();
}
