// QK-norm and qk-layernorm in the trainer, the attention statistics every step reports, and the batch's shards: the
// results of a trainer do not depend on its thread count. (Their gradients are checked in test_training.cpp.)
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <vector>

#include "engine/training/model.h"
#include "engine/training/trainer.h"
#include "helpers.h"
#include "training_helpers.h"

using namespace asl::training;
using namespace asl_test;

TEST_CASE("QK-norm starts each head's g at log2(L^2 - L) and scores cosines, whatever the size of q and k",
          "[training][qk]") {
  ModelConfig m = small_model(ModelKind::encoder, 2, QkNorm::l2);
  m.L = 6;
  const auto layout = parameter_layout(m);
  REQUIRE(layout.back().name == "attn.qk_scale");
  REQUIRE(layout.back().size() == 2u);
  REQUIRE(parameter_count(m) == parameter_count(small_model(ModelKind::encoder, 2, QkNorm::none)) + 2);
  std::vector<double> p(parameter_count(m));
  init_parameters(m, 3, p.data());
  REQUIRE(p[layout.back().offset] == static_cast<double>(static_cast<float>(std::log2(30.0))));
  // Scaling W_q and b_q by 50 leaves every score, a cosine, unchanged and within [−1, 1].
  const Batch batch = random_batch(m, 3, 4);
  Network<double> net(m, 3);
  net.forward(p.data(), 1.0, batch.inputs.data(), batch.targets.data(), 3);
  const std::size_t n = 3u * 2 * m.L * m.L;
  const std::vector<double> before(net.raw_scores(), net.raw_scores() + n);
  const ParameterTensor& qkv = layout[2];
  for (int r = 0; r < qkv.rows; ++r)
    for (int c = 0; c < m.d_model; ++c) p[qkv.offset + static_cast<std::size_t>(r) * qkv.cols + c] *= 50.0;
  net.forward(p.data(), 1.0, batch.inputs.data(), batch.targets.data(), 3);
  for (std::size_t i = 0; i < n; ++i) {
    INFO("score " << i << ": " << before[i] << " then " << net.raw_scores()[i]);
    REQUIRE(std::fabs(before[i]) <= 1.0 + 1e-12);
    REQUIRE(close(net.raw_scores()[i], before[i], 1e-12, 1e-9));
  }
  // qk-layernorm adds a gain of d_k values for q and for k.
  const ModelConfig ln = small_model(ModelKind::encoder, 2, QkNorm::layer);
  REQUIRE(parameter_count(ln) == parameter_count(small_model(ModelKind::encoder, 2, QkNorm::none)) + 2 * 3);
}

TEST_CASE("the attention statistics are the entropy and the largest scaled score of the attention rows",
          "[training][qk]") {
  for (QkNorm qk : {QkNorm::none, QkNorm::l2, QkNorm::layer}) {
    ModelConfig m = small_model(ModelKind::attention, 2, qk);
    m.L = 9;
    const std::vector<double> p = noisy_parameters(m, 5);
    const Batch batch = random_batch(m, 4, 6);
    Network<double> net(m, 4);
    const double beta = 1.7;
    net.forward(p.data(), beta, batch.inputs.data(), batch.targets.data(), 4);
    double entropy = 0, largest = 0;
    const int rows = 4 * 2 * m.L;
    for (int r = 0; r < rows; ++r) {
      const int h = (r / m.L) % 2;
      const double b = qk == QkNorm::l2 ? p[parameter_layout(m).back().offset + h] : beta;
      for (int j = 0; j < m.L; ++j) {
        const double w = net.attention_weights()[r * m.L + j];
        if (w > 0) entropy -= w * std::log(w);
        largest = std::max(largest, std::fabs(b * net.raw_scores()[r * m.L + j]));
      }
    }
    const AttentionStats& s = net.attention_stats();
    INFO("qk " << static_cast<int>(qk) << ": entropy " << s.mean_entropy() << " vs " << entropy / rows
               << ", largest logit " << s.max_abs_logit << " vs " << largest);
    REQUIRE(s.rows == rows);
    REQUIRE(close(s.mean_entropy(), entropy / rows, 1e-12, 1e-9));
    REQUIRE(close(s.max_abs_logit, largest, 0, 1e-12));
    REQUIRE(s.mean_entropy() < std::log(static_cast<double>(m.L)));
  }
}

TEST_CASE("attention with all-zero queries is uniform: entropy ln L and no logit away from 0", "[training][qk]") {
  ModelConfig m = small_model(ModelKind::encoder, 1);
  m.L = 7;
  std::vector<float> p(parameter_count(m));
  init_parameters(m, 2, p.data());
  const ParameterTensor qkv = parameter_layout(m)[2];  // a copy: the layout is returned by value
  for (int r = 0; r < qkv.rows; ++r)
    for (int c = 0; c < m.d_model; ++c) p[qkv.offset + static_cast<std::size_t>(r) * qkv.cols + c] = 0.0f;
  const Batch batch = random_batch(m, 5, 1);
  Network<float> net(m, 5);
  net.forward(p.data(), 0.5f, batch.inputs.data(), batch.targets.data(), 5);
  REQUIRE(close(net.attention_stats().mean_entropy(), std::log(7.0), 1e-6, 0));
  REQUIRE(net.attention_stats().max_abs_logit == 0.0);
}

TEST_CASE("a trainer gives the same results on one thread as on two", "[training][qk]") {
  for (BetaStrategy s : {BetaStrategy::inverse_sqrt_dk, BetaStrategy::dynamic, BetaStrategy::learned,
                         BetaStrategy::qk_norm, BetaStrategy::qk_layernorm}) {
    std::vector<float> losses[2], entropies[2], logits[2];
    Evaluation test[2];
    for (int threads : {1, 2}) {
      TrainerConfig c = small_trainer(s);
      c.batch_size = 63;  // shards of 32 and 31
      c.threads = threads;
      Trainer t(c);
      REQUIRE(t.shards() == 2);
      while (t.phase() != Phase::done) t.step(5, &losses[threads - 1], nullptr, &entropies[threads - 1],
                                              &logits[threads - 1]);
      test[threads - 1] = t.evaluate(Split::test);
    }
    INFO(beta_strategy_name(s));
    REQUIRE(losses[0] == losses[1]);
    REQUIRE(entropies[0] == entropies[1]);
    REQUIRE(logits[0] == logits[1]);
    REQUIRE(test[0].loss == test[1].loss);
    REQUIRE(test[0].token_accuracy == test[1].token_accuracy);
  }
}

TEST_CASE("QK-norm learns its g per head and reports their mean as beta; qk-layernorm keeps beta at 1/sqrt(d_k)",
          "[training][qk]") {
  for (BetaStrategy s : {BetaStrategy::qk_norm, BetaStrategy::qk_layernorm}) {
    TrainerConfig c = small_trainer(s);
    c.model.n_heads = 2;
    c.lr = 3e-2;  // g moves by about lr a step
    INFO(beta_strategy_name(s));
    REQUIRE(check_config(c, 1e9).empty());
    Trainer t(c);
    REQUIRE(t.config().model.qk_norm == qk_norm_for(s));
    std::vector<float> losses, betas, entropies, logits;
    StepResult r;
    while (t.phase() != Phase::done) r = t.step(3, &losses, &betas, &entropies, &logits);
    REQUIRE(losses.size() == 16u);
    for (std::size_t i = 0; i < losses.size(); ++i) {
      REQUIRE(std::isfinite(losses[i]));
      REQUIRE(entropies[i] > 0.0f);
      REQUIRE(entropies[i] <= static_cast<float>(std::log(5.0)) + 1e-5f);
      REQUIRE(logits[i] >= 0.0f);
    }
    REQUIRE(t.evaluate(Split::test).token_accuracy > 0.1);
    if (s == BetaStrategy::qk_norm) {
      const double g0 = std::log2(20.0);
      REQUIRE(close(betas.front(), g0, 1e-6, 0));
      REQUIRE(r.qk_scale.size() == 2u);
      REQUIRE(std::fabs(r.qk_scale[0] - g0) > 1e-3);  // trained
      REQUIRE(r.qk_scale[0] != r.qk_scale[1]);        // one g per head
      REQUIRE(close(r.beta, (r.qk_scale[0] + r.qk_scale[1]) / 2, 1e-12, 0));
      REQUIRE(logits.front() <= static_cast<float>(g0) * 1.0001f);  // |g·cos| <= g
    } else {
      for (float b : betas) REQUIRE(b == static_cast<float>(1.0 / 2.0));  // d_k = 4
      REQUIRE(r.qk_scale.empty());
    }
  }
  // β and betaLr stay for the strategies that use them.
  TrainerConfig c = small_trainer(BetaStrategy::qk_norm);
  c.beta = 2;
  REQUIRE(check_config(c, 1e9).find("beta is not allowed with betaStrategy = \"qk-norm\"") == 0);
  TrainerConfig ln = small_trainer(BetaStrategy::qk_layernorm);
  ln.beta_lr = 1e-3;
  REQUIRE(check_config(ln, 1e9).find("betaLr is not allowed with betaStrategy = \"qk-layernorm\"") == 0);
}

TEST_CASE("QK-norm with a negative g still gives softmax rows and a gradient that matches finite differences",
          "[training][qk]") {
  // Adam may carry a g below 0 at a large learning rate; the largest logit is then at the smallest cosine.
  const ModelConfig m = small_model(ModelKind::attention, 2, QkNorm::l2);
  std::vector<double> p = noisy_parameters(m, 9);
  const std::size_t g = parameter_layout(m).back().offset;
  p[g] = -30.0;  // far enough below 0 for exp(g·(cos − max cos)) to overflow were the wrong end subtracted
  p[g + 1] = 2.0;
  const Batch batch = random_batch(m, 3, 10);
  Network<double> net(m, 3);
  const double loss = net.forward(p.data(), 1.0, batch.inputs.data(), batch.targets.data(), 3);
  REQUIRE(std::isfinite(loss));
  for (int r = 0; r < 3 * 2 * m.L; ++r) {
    double sum = 0;
    for (int j = 0; j < m.L; ++j) sum += net.attention_weights()[r * m.L + j];
    REQUIRE(close(sum, 1.0, 1e-12, 0));
  }
  std::vector<double> grads(p.size());
  net.backward(p.data(), 1.0, grads.data());
  const double h = 1e-6;
  for (std::size_t i : {g, g + 1, std::size_t{0}, std::size_t{7}}) {
    const double saved = p[i];
    p[i] = saved + h;
    const double up = net.forward(p.data(), 1.0, batch.inputs.data(), batch.targets.data(), 3);
    p[i] = saved - h;
    const double down = net.forward(p.data(), 1.0, batch.inputs.data(), batch.targets.data(), 3);
    p[i] = saved;
    const double fd = (up - down) / (2 * h);
    INFO("parameter " << i << ": analytic " << grads[i] << ", finite difference " << fd);
    REQUIRE(close(grads[i], fd, 1e-8, 1e-6));
  }
  // The float model on the kernels agrees.
  const std::vector<float> p32(p.begin(), p.end());
  Network<float> n32(m, 3);
  REQUIRE(close(n32.forward(p32.data(), 1.0f, batch.inputs.data(), batch.targets.data(), 3), loss, 0, 1e-5));
}
