// attention-lab random and example: the engine's generator and Lesson 1's matrices, with engine.random's and
// engine.selfAttentionExample's options as flags (the example's old spellings --dk, --dmodel, --unscaled still work:
// flags ignore case, and a switch is turned off with --no- or --un).
#include <cstdio>
#include <vector>

#include "api/example_options.h"
#include "api/schema.h"
#include "commands.h"
#include "engine/random.h"
#include "engine/self_attention_example.h"
#include "flags.h"
#include "json.h"
#include "kernels/kernels.h"

namespace asl::cli {
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

// Parses the flags of `fn`; prints help or the problem and returns false when the command should stop (*code).
bool read(const schema::Function& fn, const std::vector<const char*>& skip, const char* usage, int argc, char** argv,
          Parsed* p, int* code) {
  if (wants_help(argc, argv)) {
    std::printf("%s", help_text(usage, fn, skip, {}).c_str());
    *code = 0;
    return false;
  }
  *p = parse_flags(fn, skip, {}, argc, argv);
  if (p->error.empty()) return true;
  std::fprintf(stderr, "attention-lab: %s\n%s", p->error.c_str(), help_text(usage, fn, skip, {}).c_str());
  *code = 2;
  return false;
}

}  // namespace

int cmd_random(int argc, char** argv) {
  namespace rnd = schema::random;
  Parsed p;
  int code = 0;
  if (!read(rnd::function, {"distribution"}, "usage: attention-lab random [--seed S] [--count N]  (both distributions)",
            argc, argv, &p, &code))
    return code;
  const api::Slots a = p.options();
  const std::size_t count = static_cast<std::size_t>(a.integer(rnd::count));
  std::vector<double> uniform(count), normal(count);
  Rng u(a.seed(rnd::seed)), n(a.seed(rnd::seed));
  for (double& x : uniform) x = u.uniform();
  for (double& x : normal) x = n.normal();
  std::printf("{\n  \"seed\": %llu,\n", static_cast<unsigned long long>(a.seed(rnd::seed)));
  print_doubles("uniform", uniform);
  print_doubles("normal", normal);
  std::printf("  \"kernels\": \"%s\"\n}\n", kernel_set());
  return 0;
}

int cmd_example(int argc, char** argv) {
  namespace ex = schema::self_attention_example;
  Parsed p;
  int code = 0;
  if (!read(ex::function, {}, "usage: attention-lab example [options]", argc, argv, &p, &code)) return code;
  const api::Slots a = p.options();
  const auto tokens = tokenize(a.text(ex::sentence));
  if (tokens.empty() || tokens.size() > kMaxSentenceWords) {
    std::fprintf(stderr, "attention-lab: sentence has %zu words: allowed 1 to 12 words\n", tokens.size());
    return 2;
  }
  // The CLI loads no word vectors: --embeddings words gives every word its seeded vector, as the page does before
  // its vectors arrive.
  const auto e = self_attention_example(tokens, api::read_example_options(a));
  std::printf("{\n  \"tokens\": [");
  for (std::size_t i = 0; i < e.tokens.size(); ++i) std::printf("%s%s", i ? ", " : "", jstr(e.tokens[i]).c_str());
  std::printf("],\n  \"scale\": %.9g,\n", static_cast<double>(e.scale));
  print_array("embeddings", e.embeddings.data(), e.embeddings.size());
  print_array("wQ", e.w_q.data(), e.w_q.size());
  print_array("wK", e.w_k.data(), e.w_k.size());
  print_array("wV", e.w_v.data(), e.w_v.size());
  print_array("q", e.q.data(), e.q.size());
  print_array("k", e.k.data(), e.k.size());
  print_array("v", e.v.data(), e.v.size());
  print_array("scores", e.scores.data(), e.scores.size());
  print_array("scaledScores", e.scaled_scores.data(), e.scaled_scores.size());
  print_array("weights", e.weights.data(), e.weights.size());
  print_array("mix", e.mix.data(), e.mix.size());
  print_array("contextual", e.contextual.data(), e.contextual.size(), true);
  std::printf("}\n");
  return 0;
}

}  // namespace asl::cli
