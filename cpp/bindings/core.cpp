// The core functions (web/schema/core.js). attention, softmax and dot are plain WASM exports over pointers into
// memory web/engine.js owns, so a call crosses with one copy in and one out and no JS value traffic; random and
// selfAttentionExample are Embind functions over a slot block; info, heapInUse and trainerCount describe the module.
#include <emscripten/emscripten.h>
#include <malloc.h>

#include <cmath>

#include "api/example_options.h"
#include "common.h"
#include "engine/attention.h"
#include "engine/random.h"
#include "engine/self_attention_example.h"
#include "kernels/kernels.h"

namespace asl::bindings {
namespace {

namespace ex = schema::self_attention_example;
namespace rnd = schema::random;

val random_numbers(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  std::vector<double> out(static_cast<std::size_t>(a.integer(rnd::count)));
  Rng rng(a.seed(rnd::seed));
  const bool uniform = a.choice(rnd::distribution) == rnd::distribution_choice::uniform;
  for (double& x : out) x = uniform ? rng.uniform() : rng.normal();
  return f64(out);
}

val self_attention_example(std::uintptr_t address) {
  const api::Slots a = slots_at(address);
  std::string why;
  const std::vector<std::string> tokens = sentence_tokens(a.text(ex::sentence), "sentence", &why);
  if (tokens.empty()) return problem(why);
  const ExampleOptions o = api::read_example_options(a);
  const bool causal = o.causal;
  const SelfAttentionExample e = asl::self_attention_example(tokens, o);
  val r = val::object();
  r.set("tokens", strings(e.tokens));
  r.set("dModel", e.d_model);
  r.set("dK", e.d_k);
  r.set("dV", e.d_v);
  r.set("scale", e.scale);
  r.set("causal", causal);
  r.set("embeddingsUsed", std::string(e.word_vectors ? "words" : "random"));
  r.set("head", std::string(o.meaningful_head ? "meaningful" : "random"));
  r.set("vocabularySize", e.vocabulary_size);
  r.set("unknownScale", e.unknown_scale);
  r.set("selfMasked", e.self_masked);
  r.set("residual", e.residual);
  val known = val::array();
  val nearest = val::array();
  for (std::size_t i = 0; i < e.tokens.size(); ++i) {
    known.set(i, static_cast<bool>(e.in_vocabulary[i]));
    nearest.set(i, val::object());
    nearest[i].set("words", strings(e.nearest[i]));
    nearest[i].set("cosines", f32(e.nearest_cosines[i].data(), e.nearest_cosines[i].size()));
  }
  r.set("inVocabulary", known);
  r.set("nearest", nearest);
  r.set("scoreVariance", e.score_variance);
  r.set("scaledScoreVariance", e.scaled_score_variance);
  r.set("maxWeight", e.max_weight);
  r.set("meanRowMax", e.mean_row_max);
  r.set("rowsWithChoice", e.rows_with_choice);
  for (const auto& [name, m] : {std::pair<const char*, const RowMatrixXf*>{"embeddings", &e.embeddings},
                                {"wQ", &e.w_q}, {"wK", &e.w_k}, {"wV", &e.w_v}, {"q", &e.q}, {"k", &e.k}, {"v", &e.v},
                                {"scores", &e.scores}, {"scaledScores", &e.scaled_scores}, {"weights", &e.weights},
                                {"mix", &e.mix}, {"contextual", &e.contextual}})
    r.set(name, matrix(*m));
  return r;
}

val info() {
  val r = val::object();
  r.set("version", std::string(ASL_VERSION));
  r.set("kernels", std::string(kernel_set()));
  r.set("simd", std::string(kernel_set()) != "scalar");
  return r;
}

// Bytes currently allocated by malloc inside the module: tests call it to show that bad input leaks nothing.
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace
}  // namespace asl::bindings

extern "C" {

// attention({ q, k, v, nQ, nK, dK, dV, heads, scale, causal, outputs }) over memory web/engine.js filled: the
// results it does not want are null. Returns 0; 1 + the index of the first scaled score beyond float32 (its value
// in problem[0]); or −1 − the index of the first output entry beyond float32.
EMSCRIPTEN_KEEPALIVE int asl_attention(const float* q, const float* k, const float* v, int n_q, int n_k, int d_k,
                                       int d_v, int n_heads, float scale, int causal, float* scores,
                                       float* scaled_scores, float* weights, float* output, float* workspace,
                                       float* problem) {
  const asl::AttentionShape shape{n_q, n_k, d_k, d_v, n_heads};
  long out_bad = -1;
  const long bad = asl::attention_forward_select(q, k, v, shape, scale, causal != 0, scores, scaled_scores, weights,
                                                 output, workspace, problem, &out_bad);
  if (bad >= 0) return static_cast<int>(bad) + 1;
  return out_bad >= 0 ? -1 - static_cast<int>(out_bad) : 0;
}

// The index of the first of x[0..n) that is NaN or ±∞, or −1: web/engine.js checks attention's copied q, k and v
// with it (f32x4, a few times faster than a JavaScript loop over the same float32 values).
EMSCRIPTEN_KEEPALIVE int asl_first_nonfinite(const float* x, int n) { return asl::kern::first_nonfinite(x, n); }

// softmax / softmaxNaive of one row of n values into y.
EMSCRIPTEN_KEEPALIVE void asl_softmax(const float* x, float beta, float* y, int n, int naive) {
  if (naive)
    asl::kern::softmax_rows_naive(x, beta, y, 1, n, n);
  else
    asl::kern::softmax_rows(x, beta, y, 1, n, n);
}

EMSCRIPTEN_KEEPALIVE float asl_dot(const float* a, const float* b, int n) { return asl::kern::dot(a, b, n); }

}  // extern "C"

EMSCRIPTEN_BINDINGS(asl_core) {
  using namespace asl::bindings;
  emscripten::function("random", &random_numbers);
  emscripten::function("selfAttentionExample", &self_attention_example);
  emscripten::function("info", &info);
  emscripten::function("heapInUse", &heap_in_use);
}
