// Lesson 1 with word vectors and the meaningful head, on a made-up vocabulary of eight 4-d words: the self mask, the
// residual, stand-ins for unknown words and the nearest words, each checked against a plain recomputation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/self_attention_example.h"
#include "engine/vocabulary.h"
#include "helpers.h"

using asl_test::close;

namespace {

// Two themes: money words lean on dimension 0, river words on dimension 1; "bank" sits between them and "grows"
// points elsewhere (dimension 2). Dimension 3 tells the words of a theme apart.
void set_tiny_vocabulary() {
  asl::set_vocabulary({"money", "bank", "river", "grows", "cash", "shore", "funds", "stream"}, 4,
                      {2.0f, 0.1f, 0.0f, 0.3f,    // money
                       1.0f, 1.0f, 0.2f, 0.0f,    // bank
                       0.1f, 2.0f, 0.0f, -0.3f,   // river
                       0.0f, 0.2f, 1.5f, 0.1f,    // grows
                       1.8f, 0.0f, 0.1f, 0.6f,    // cash
                       0.0f, 1.7f, 0.1f, -0.7f,   // shore
                       1.5f, 0.3f, 0.4f, 0.9f,    // funds
                       0.4f, 1.5f, 0.3f, -1.0f}); // stream
}

asl::ExampleOptions meaningful(bool causal = false) {
  asl::ExampleOptions o;
  o.words = true;
  o.meaningful_head = true;
  o.causal = causal;
  o.nearest = 3;
  return o;
}

// The `k` words nearest `v` by cosine, by brute force, leaving out `skip`.
std::vector<std::string> brute_nearest(const asl::Vocabulary& vocab, const float* v, int k,
                                       const std::vector<std::string>& skip) {
  std::vector<std::pair<double, int>> all;
  for (int i = 0; i < vocab.size(); ++i) {
    if (std::find(skip.begin(), skip.end(), vocab.words[i]) != skip.end()) continue;
    double dot = 0, nu = 0, nv = 0;
    for (int c = 0; c < vocab.dim; ++c) {
      dot += double(vocab.vector(i)[c]) * v[c];
      nu += double(vocab.vector(i)[c]) * vocab.vector(i)[c];
      nv += double(v[c]) * v[c];
    }
    all.push_back({-dot / std::sqrt(nu * nv), i});
  }
  std::sort(all.begin(), all.end());
  std::vector<std::string> out;
  for (int i = 0; i < k && i < static_cast<int>(all.size()); ++i) out.push_back(vocab.words[all[i].second]);
  return out;
}

}  // namespace

TEST_CASE("the meaningful head gives each token's own position a weight of 0 and rows that sum to 1", "[example][words]") {
  set_tiny_vocabulary();
  for (const bool causal : {false, true}) {
    const auto ex = asl::self_attention_example(asl::tokenize("money bank grows river"), meaningful(causal));
    INFO("causal " << causal);
    REQUIRE(ex.self_masked);
    REQUIRE(ex.d_model == 4);
    REQUIRE(ex.d_k == 4);
    REQUIRE(ex.d_v == 4);
    for (int i = 0; i < 4; ++i) {
      INFO("row " << i);
      REQUIRE(ex.weights(i, i) == 0.0f);
      double sum = 0;
      for (int j = 0; j < 4; ++j) sum += ex.weights(i, j);
      if (causal && i == 0) {
        REQUIRE(sum == 0.0);  // the first token has no key left: it takes in nothing
      } else {
        REQUIRE(close(sum, 1.0, 1e-6, 0));
      }
      if (causal)
        for (int j = i + 1; j < 4; ++j) REQUIRE(ex.weights(i, j) == 0.0f);
    }
    // Shared Q = K = X: the raw self-score is ‖x_i‖², kept in S although the softmax leaves it out.
    for (int i = 0; i < 4; ++i) REQUIRE(close(ex.scores(i, i), ex.embeddings.row(i).squaredNorm(), 1e-6, 1e-6));
  }
}

TEST_CASE("the meaningful head's weights are the softmax of the other tokens' scaled scores", "[example][words]") {
  set_tiny_vocabulary();
  const auto ex = asl::self_attention_example(asl::tokenize("money bank grows"), meaningful());
  REQUIRE(ex.scale == 0.5f);  // 1/√4
  // bank's row: keys money (0) and grows (2) only.
  const double s0 = 0.5 * (2.0 * 1.0 + 0.1 * 1.0 + 0.0 * 0.2 + 0.3 * 0.0);
  const double s2 = 0.5 * (0.0 * 1.0 + 0.2 * 1.0 + 1.5 * 0.2 + 0.1 * 0.0);
  const double w0 = 1.0 / (1.0 + std::exp(s2 - s0));
  REQUIRE(close(ex.weights(1, 0), w0, 1e-6, 1e-5));
  REQUIRE(close(ex.weights(1, 2), 1.0 - w0, 1e-6, 1e-5));
}

TEST_CASE("the residual is the static embedding plus the weighted mix of values", "[example][words]") {
  set_tiny_vocabulary();
  const auto ex = asl::self_attention_example(asl::tokenize("river bank grows money"), meaningful());
  REQUIRE(ex.residual);
  for (int i = 0; i < 4; ++i)
    for (int c = 0; c < 4; ++c) {
      double mix = 0;
      for (int j = 0; j < 4; ++j) mix += double(ex.weights(i, j)) * ex.embeddings(j, c);  // V = X (W_v = I)
      REQUIRE(close(ex.mix(i, c), mix, 1e-6, 1e-5));
      REQUIRE(close(ex.contextual(i, c), double(ex.embeddings(i, c)) + mix, 1e-6, 1e-5));
    }
  // The random head keeps Z = AV.
  asl::ExampleOptions o = meaningful();
  o.meaningful_head = false;
  const auto random = asl::self_attention_example(asl::tokenize("river bank grows money"), o);
  REQUIRE_FALSE(random.residual);
  REQUIRE(random.contextual == random.mix);
  REQUIRE(random.d_v == 4);  // real words keep d_v = d_model, so Z has nearest words
}

TEST_CASE("a word outside the vocabulary is marked and gets its seeded vector at the vocabulary's mean length", "[example][words]") {
  set_tiny_vocabulary();
  const auto ex = asl::self_attention_example(asl::tokenize("Money, bank zorbleflux"), meaningful());
  REQUIRE(ex.word_vectors);
  REQUIRE(ex.vocabulary_size == 8);
  REQUIRE(ex.in_vocabulary == std::vector<bool>{true, true, false});
  const asl::Vocabulary& vocab = *asl::vocabulary();
  for (int c = 0; c < 4; ++c) REQUIRE(ex.embeddings(0, c) == vocab.vector(0)[c]);  // "Money," is money
  double mean_norm = 0;
  for (int i = 0; i < vocab.size(); ++i) {
    double s = 0;
    for (int c = 0; c < 4; ++c) s += double(vocab.vector(i)[c]) * vocab.vector(i)[c];
    mean_norm += std::sqrt(s) / vocab.size();
  }
  REQUIRE(close(ex.unknown_scale, mean_norm / 2.0, 1e-6, 1e-5));  // √dim = 2
  std::vector<float> seeded(4);
  asl::static_embedding("zorbleflux", 4, seeded.data());
  for (int c = 0; c < 4; ++c) REQUIRE(close(ex.embeddings(2, c), seeded[c] * ex.unknown_scale, 1e-6, 1e-6));
  // Everything downstream is finite and the unknown word has nearest words like the others.
  REQUIRE(ex.contextual.allFinite());
  REQUIRE(ex.nearest[2].size() == 3);
}

TEST_CASE("bank's nearest words follow its sentence and match a brute-force search", "[example][words]") {
  set_tiny_vocabulary();
  const asl::Vocabulary& vocab = *asl::vocabulary();
  const auto money = asl::self_attention_example(asl::tokenize("money bank grows"), meaningful());
  const auto river = asl::self_attention_example(asl::tokenize("river bank grows"), meaningful());
  for (const auto* ex : {&money, &river})
    for (int i = 0; i < 3; ++i) {
      INFO(ex->tokens[0] << " sentence, token " << ex->tokens[i]);
      REQUIRE(ex->nearest[i] == brute_nearest(vocab, ex->contextual.row(i).data(), 3, ex->tokens));
      for (const auto& w : ex->nearest[i])
        REQUIRE(std::find(ex->tokens.begin(), ex->tokens.end(), w) == ex->tokens.end());
      REQUIRE(std::is_sorted(ex->nearest_cosines[i].rbegin(), ex->nearest_cosines[i].rend()));
    }
  INFO("money: " << money.nearest[1][0] << ", river: " << river.nearest[1][0]);
  const auto is = [](const std::string& w, std::initializer_list<const char*> theme) {
    return std::find(theme.begin(), theme.end(), w) != theme.end();
  };
  REQUIRE(is(money.nearest[1][0], {"cash", "funds"}));
  REQUIRE(is(river.nearest[1][0], {"shore", "stream"}));
  // With random embeddings nothing is looked up.
  asl::ExampleOptions o = meaningful();
  o.words = false;
  const auto seeded = asl::self_attention_example(asl::tokenize("money bank grows"), o);
  REQUIRE_FALSE(seeded.word_vectors);
  REQUIRE(seeded.in_vocabulary == std::vector<bool>{false, false, false});
  REQUIRE(seeded.nearest[1].empty());
  REQUIRE(seeded.d_model == 8);
}
