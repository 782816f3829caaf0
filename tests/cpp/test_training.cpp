// The training lab: the task data, the parameter count, every gradient against central finite differences (double),
// the float model on the SIMD kernels against the double one, the learning-rate schedule, determinism, a short run
// that learns the task, each β strategy, and the search's bracket.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "engine/random.h"
#include "engine/training/model.h"
#include "engine/training/reversal_task.h"
#include "engine/training/trainer.h"
#include "helpers.h"
#include "training_helpers.h"

using namespace asl::training;
using asl_test::Batch;
using asl_test::close;
using asl_test::noisy_parameters;
using asl_test::random_batch;
using asl_test::small_model;
using asl_test::small_trainer;

namespace {

std::vector<float> loss_curve(const TrainerConfig& c) {
  Trainer t(c);
  std::vector<float> losses;
  while (t.phase() != Phase::done) t.step(1000, &losses);
  return losses;
}

}  // namespace

TEST_CASE("the encoder at L = 20, R = 100, d = 20 with one head has exactly 8000 parameters", "[training]") {
  ModelConfig m;  // the defaults: encoder, L = 20, R = 100, d = 20, one head
  REQUIRE(parameter_count(m) == 8000);
  m.n_heads = 4;  // heads split d; they add no parameters
  REQUIRE(parameter_count(m) == 8000);
  // embedding R·d + L·d, attention 4d² + 4d, head d·R + R
  m.kind = ModelKind::attention;
  REQUIRE(parameter_count(m) == 100 * 20 + 20 * 20 + 4 * 20 * 20 + 4 * 20 + 20 * 100 + 100);
  // The layout tiles the flat vector without gaps, in forward order.
  for (ModelKind kind : {ModelKind::encoder, ModelKind::attention}) {
    m.kind = kind;
    std::size_t offset = 0;
    for (const ParameterTensor& t : parameter_layout(m)) {
      INFO(t.name);
      REQUIRE(t.offset == offset);
      offset += t.size();
    }
    REQUIRE(offset == parameter_count(m));
  }
}

TEST_CASE("the reversal data: targets are the inputs reversed, values in 0 to R-1, reproducible per seed",
          "[training]") {
  const ReversalData a = make_reversal_data(7, 13, 300, 20, 30, 5);
  const ReversalData b = make_reversal_data(7, 13, 100, 20, 30, 5);
  REQUIRE(a.train.inputs.size() == 300u * 7);
  std::set<int> seen;
  for (int s = 0; s < 300; ++s)
    for (int i = 0; i < 7; ++i) {
      const int x = a.train.inputs[s * 7 + i];
      REQUIRE(x < 13);
      REQUIRE(a.train.targets[s * 7 + i] == a.train.inputs[s * 7 + 6 - i]);
      seen.insert(x);
    }
  REQUIRE(seen.size() == 13u);  // 2100 draws cover every value
  // A smaller training set is the start of a larger one; the other splits do not depend on it.
  REQUIRE(std::equal(b.train.inputs.begin(), b.train.inputs.end(), a.train.inputs.begin()));
  REQUIRE(a.val.inputs == b.val.inputs);
  REQUIRE(a.test.inputs == b.test.inputs);
  REQUIRE(a.val.inputs != make_reversal_data(7, 13, 300, 20, 30, 6).val.inputs);
}

TEST_CASE("every gradient, ln beta's, QK-norm's g and qk-layernorm's gains included, matches central finite "
          "differences in double precision", "[training]") {
  // Central differences with h = 1e-6 in float64: truncation ~h²·|f'''| ~ 1e-12, rounding ~ε·|loss|/h ~ 1e-10, so
  // 1e-8 + 1e-6·|g| leaves a margin of ~100 for both. A ReLU kink within h of a perturbed pre-activation would break
  // this; the fixed seeds here have none.
  for (ModelKind kind : {ModelKind::encoder, ModelKind::attention}) {
    for (int heads : {1, 2, 3}) {
      for (QkNorm qk : {QkNorm::none, QkNorm::l2, QkNorm::layer}) {
        const ModelConfig m = small_model(kind, heads, qk);
        std::vector<double> p = noisy_parameters(m, 11 + heads);
        const Batch batch = random_batch(m, 3, 21 + heads);
        Network<double> net(m, 3);
        const double beta = 0.8;
        std::vector<double> grads(p.size());
        net.forward(p.data(), beta, batch.inputs.data(), batch.targets.data(), 3);
        const double d_beta = net.backward(p.data(), beta, grads.data());
        const auto loss = [&](double b) {
          return net.forward(p.data(), b, batch.inputs.data(), batch.targets.data(), 3);
        };
        const double h = 1e-6;
        double max_abs = 0, max_rel = 0;
        const auto layout = parameter_layout(m);
        for (const ParameterTensor& t : layout) {
          for (std::size_t i = t.offset; i < t.offset + t.size(); ++i) {
            const double saved = p[i];
            p[i] = saved + h;
            const double up = loss(beta);
            p[i] = saved - h;
            const double down = loss(beta);
            p[i] = saved;
            const double fd = (up - down) / (2 * h);
            INFO(model_name(kind) << ", heads = " << heads << ", qk " << static_cast<int>(qk) << ", " << t.name << "["
                                  << i - t.offset << "]: analytic " << grads[i] << ", finite difference " << fd);
            REQUIRE(close(grads[i], fd, 1e-8, 1e-6));
            max_abs = std::max(max_abs, std::fabs(grads[i] - fd));
            if (std::fabs(fd) > 1e-6) max_rel = std::max(max_rel, std::fabs(grads[i] - fd) / std::fabs(fd));
          }
        }
        // ln β: ∂loss/∂ln β = β·∂loss/∂β
        const double log_beta = std::log(beta);
        const double fd = (loss(std::exp(log_beta + h)) - loss(std::exp(log_beta - h))) / (2 * h);
        INFO(model_name(kind) << ", heads = " << heads << ", ln beta: analytic " << beta * d_beta << ", fd " << fd);
        REQUIRE(close(beta * d_beta, fd, 1e-8, 1e-6));
        WARN(model_name(kind) << ", heads = " << heads << ", qk " << static_cast<int>(qk) << ": " << p.size()
                              << " parameters, max |analytic - fd| = " << max_abs << ", max relative = " << max_rel
                              << "; ln beta: " << beta * d_beta << " vs " << fd);
      }
    }
  }
}

TEST_CASE("the float model on the SIMD kernels agrees with the double model, with and without QK normalisation",
          "[training]") {
  // Same float-rounded parameters and batch. The float loss is a mean of ~100 terms (relative error ~1e-6); each
  // gradient entry is a sum over the batch of products through ~10 layers, so it carries ~1e-6 of the gradient's
  // scale, not of its own size: the tolerance is 1e-5·max|g| + 1e-3·|g|.
  for (ModelKind kind : {ModelKind::encoder, ModelKind::attention}) {
    for (int heads : {1, 2}) {
      for (QkNorm qk : {QkNorm::none, QkNorm::l2, QkNorm::layer}) {
        ModelConfig m = small_model(kind, heads, qk);
        m.L = 7;
        m.R = 11;
        m.d_model = 10;
        const std::vector<double> p64 = noisy_parameters(m, 3);
        std::vector<float> p32(p64.begin(), p64.end());
        const std::vector<double> p64r(p32.begin(), p32.end());
        const Batch batch = random_batch(m, 9, 4);
        Network<double> n64(m, 9);
        Network<float> n32(m, 9);
        const double l64 = n64.forward(p64r.data(), 0.6, batch.inputs.data(), batch.targets.data(), 9);
        const float l32 = n32.forward(p32.data(), 0.6f, batch.inputs.data(), batch.targets.data(), 9);
        std::vector<double> g64(p64.size());
        std::vector<float> g32(p32.size());
        const double b64 = n64.backward(p64r.data(), 0.6, g64.data());
        const float b32 = n32.backward(p32.data(), 0.6f, g32.data());
        INFO(model_name(kind) << ", heads = " << heads << ", qk " << static_cast<int>(qk));
        REQUIRE(close(l32, l64, 0, 1e-5));
        double scale = 0;
        for (double g : g64) scale = std::max(scale, std::fabs(g));
        for (std::size_t i = 0; i < g64.size(); ++i) {
          INFO("gradient " << i << ": float " << g32[i] << ", double " << g64[i]);
          REQUIRE(close(g32[i], g64[i], 1e-5 * scale, 1e-3));
        }
        REQUIRE(close(b32, b64, 1e-5 * std::fabs(b64), 1e-3));
        // Attention weights are softmax rows: each sums to 1.
        const int rows = 9 * heads * m.L;
        for (int r = 0; r < rows; ++r) {
          double sum = 0;
          for (int j = 0; j < m.L; ++j) sum += n32.attention_weights()[r * m.L + j];
          REQUIRE(close(sum, 1.0, 1e-6, 0));
        }
      }
    }
  }
}

TEST_CASE("score_variance is the variance of the raw scores that forward computes", "[training]") {
  ModelConfig m = small_model(ModelKind::encoder, 2);
  const std::vector<double> p = noisy_parameters(m, 8);
  const Batch batch = random_batch(m, 5, 9);
  Network<double> net(m, 5);
  net.forward(p.data(), 1.0, batch.inputs.data(), batch.targets.data(), 5);
  const std::size_t n = 5u * 2 * m.L * m.L;
  std::vector<double> s(net.raw_scores(), net.raw_scores() + n);
  double mean = 0, var = 0;
  for (double x : s) mean += x;
  mean /= n;
  for (double x : s) var += (x - mean) * (x - mean);
  var /= n;
  REQUIRE(close(net.score_variance(p.data(), batch.inputs.data(), 5), var, 0, 1e-12));
}

TEST_CASE("the learning rate warms up linearly, then decays by a cosine towards zero", "[training]") {
  REQUIRE(lr_factor(0, 1170, 50) == Approx(1.0 / 50));
  REQUIRE(lr_factor(49, 1170, 50) == 1.0);
  double previous = 1.0;
  for (long s = 50; s < 1170; ++s) {
    const double f = lr_factor(s, 1170, 50);
    REQUIRE(f <= previous);
    REQUIRE(f > 0);
    previous = f;
  }
  REQUIRE(lr_factor(1169, 1170, 50) < 1e-5);
  REQUIRE(close(lr_factor(50 + 560, 1170, 50), 0.5, 0.01, 0));  // half-way through the decay
  // A run shorter than twice the warm-up warms up over half of it.
  REQUIRE(lr_factor(4, 10, 50) == 1.0);
}

TEST_CASE("the same seed gives the same loss curve; another seed a different one", "[training]") {
  for (BetaStrategy s : {BetaStrategy::inverse_sqrt_dk, BetaStrategy::dynamic, BetaStrategy::learned}) {
    const TrainerConfig c = small_trainer(s);
    const std::vector<float> a = loss_curve(c), b = loss_curve(c);
    INFO(beta_strategy_name(s));
    REQUIRE(a.size() == 16u);
    REQUIRE(a == b);  // bit for bit
    TrainerConfig other = c;
    other.seed = 2;
    REQUIRE(loss_curve(other) != a);
  }
  // Splitting the steps over several calls changes nothing.
  Trainer t(small_trainer(BetaStrategy::inverse_sqrt_dk));
  std::vector<float> pieces;
  t.step(3, &pieces);
  t.step(5, &pieces);
  t.step(100, &pieces);
  REQUIRE(pieces == loss_curve(small_trainer(BetaStrategy::inverse_sqrt_dk)));
}

TEST_CASE("a short run on L = 5, R = 10 learns to reverse every test sequence", "[training]") {
  TrainerConfig c;
  c.model.L = 5;
  c.model.R = 10;
  c.model.d_model = 16;
  c.train_size = 4000;
  c.val_size = 500;
  c.test_size = 1000;
  c.batch_size = 64;
  c.epochs = 6;
  c.lr = 3e-3;
  c.seed = 1;
  Trainer t(c);
  const Evaluation before = t.evaluate(Split::test);
  StepResult r;
  while (t.phase() != Phase::done) r = t.step(1000);
  const Evaluation after = t.evaluate(Split::test);
  INFO("test before: token " << before.token_accuracy << ", sequence " << before.sequence_accuracy
                             << "; after: token " << after.token_accuracy << ", sequence " << after.sequence_accuracy
                             << ", loss " << after.loss << ", last training loss " << r.loss);
  REQUIRE(before.sequence_accuracy < 0.01);
  REQUIRE(after.sequence_accuracy == 1.0);
  REQUIRE(after.token_accuracy == 1.0);
  WARN("L = 5, R = 10 run: test token accuracy " << after.token_accuracy << ", sequence accuracy "
                                                 << after.sequence_accuracy << ", loss " << after.loss);
}

TEST_CASE("each beta strategy runs, reports its beta, and the search's beta lies in its bracket", "[training]") {
  const double inv_sqrt_dk = 1.0 / std::sqrt(8.0);
  for (BetaStrategy s : {BetaStrategy::inverse_sqrt_dk, BetaStrategy::fixed, BetaStrategy::dynamic,
                         BetaStrategy::learned, BetaStrategy::search}) {
    TrainerConfig c = small_trainer(s);
    c.search_powers = 1;
    c.search_iterations = 2;
    c.probe_epochs = 1;
    INFO(beta_strategy_name(s));
    REQUIRE(check_config(c, 1e9).empty());
    Trainer t(c);
    const long total = t.total_steps();
    std::vector<float> losses, betas;
    StepResult r;
    while (t.phase() != Phase::done) r = t.step(7, &losses, &betas);
    REQUIRE(t.steps_done() == total);
    REQUIRE(r.step == total);
    REQUIRE(losses.size() == static_cast<std::size_t>(total));
    for (float l : losses) REQUIRE(std::isfinite(l));
    const Evaluation e = t.evaluate(Split::test);
    REQUIRE(e.token_accuracy > 0.1);  // chance is 0.1; two epochs at lr 3e-3 get well past it
    switch (s) {
      case BetaStrategy::qk_norm:
      case BetaStrategy::qk_layernorm:
        break;  // not in this loop: test_qk_norm.cpp
      case BetaStrategy::inverse_sqrt_dk:
        for (float b : betas) REQUIRE(b == static_cast<float>(inv_sqrt_dk));
        break;
      case BetaStrategy::fixed:
        for (float b : betas) REQUIRE(b == 2.0f);
        break;
      case BetaStrategy::dynamic: {
        // β·sd(scores) = 1 on the batch it was measured on; β changes as the weights do.
        REQUIRE(std::set<float>(betas.begin(), betas.end()).size() > 10);
        Network<float> net(c.model, c.batch_size);
        const double var = net.score_variance(t.parameters().data(), t.last_batch().data(), t.last_batch_size());
        REQUIRE(close(t.beta() * std::sqrt(var), 1.0, 1e-5, 0));
        break;
      }
      case BetaStrategy::learned:
        REQUIRE(betas.front() == static_cast<float>(inv_sqrt_dk));
        REQUIRE(t.parameters().size() == parameter_count(c.model) + 1);
        REQUIRE(std::fabs(t.beta() - inv_sqrt_dk) > 1e-3);  // ln β moved
        REQUIRE(close(t.beta(), std::exp(t.parameters().back()), 0, 1e-6));
        break;
      case BetaStrategy::search: {
        const SearchState& st = t.search();
        REQUIRE(st.finished);
        // 3 powers of ten (1, 10, 0.1), then two bisection rounds of two probes each
        REQUIRE(st.probes.size() == 7u);
        REQUIRE(st.probes[0].beta == 1.0);
        REQUIRE(st.probes[1].beta == 10.0);
        REQUIRE(st.probes[2].beta == 0.1);
        REQUIRE(st.lo() <= st.beta());
        REQUIRE(st.beta() <= st.hi());
        REQUIRE(close(std::log10(st.hi() / st.lo()), 0.5, 1e-12, 0));  // 2 decades, halved twice
        const SearchProbe* best = &st.probes[0];
        for (const SearchProbe& p : st.probes)
          if (p.val.token_accuracy > best->val.token_accuracy) best = &p;
        REQUIRE(close(st.beta(), best->beta, 0, 1e-12));
        REQUIRE(t.beta() == st.beta());
        // Each probe is the first epoch of a full run at its β, and the main run continues the best probe: the
        // search's curve is, piece by piece, that of fixed-β runs.
        REQUIRE(total == 7 * 8 + 16 - 8);
        TrainerConfig fixed = c;
        fixed.beta_strategy = BetaStrategy::fixed;
        fixed.beta = st.beta();
        const std::vector<float> reference = loss_curve(fixed);
        int best_index = 0;
        for (int i = 0; i < 7; ++i)
          if (st.probes[i].beta == st.beta()) best_index = i;
        REQUIRE(std::equal(reference.begin(), reference.begin() + 8, losses.begin() + 8 * best_index));
        REQUIRE(std::equal(reference.begin() + 8, reference.end(), losses.end() - 8));
        for (float b : std::vector<float>(betas.end() - 8, betas.end())) REQUIRE(b == static_cast<float>(st.beta()));
        break;
      }
    }
  }
}

TEST_CASE("attention_for returns softmax rows of one validation example and its prediction", "[training]") {
  TrainerConfig c = small_trainer(BetaStrategy::inverse_sqrt_dk);
  c.model.n_heads = 2;
  Trainer t(c);
  t.step(5);
  std::vector<float> w;
  std::vector<Token> predicted;
  t.attention_for(3, w, predicted);
  REQUIRE(w.size() == 2u * 5 * 5);
  REQUIRE(predicted.size() == 5u);
  for (int r = 0; r < 10; ++r) {
    double sum = 0;
    for (int j = 0; j < 5; ++j) sum += w[r * 5 + j];
    REQUIRE(close(sum, 1.0, 1e-6, 0));
  }
  for (Token p : predicted) REQUIRE(p < 10);
  // Evaluating does not change training: the next steps are those of an undisturbed trainer.
  Trainer u(c);
  u.step(5);
  std::vector<float> a, b;
  t.evaluate(Split::test);
  t.step(3, &a);
  u.step(3, &b);
  REQUIRE(a == b);
}

TEST_CASE("check_config names the option, its value and what is allowed", "[training]") {
  TrainerConfig c;
  REQUIRE(check_config(c, 1e9).empty());
  c.model.n_heads = 3;
  REQUIRE(check_config(c, 1e9) == "heads = 3 does not divide dModel = 20: allowed heads are 1, 2, 4, 5, 10, 20");
  c = TrainerConfig();
  c.model.L = 1;
  REQUIRE(check_config(c, 1e9) == "L = 1 is out of range: allowed an integer from 2 to 256");
  c = TrainerConfig();
  c.beta_strategy = BetaStrategy::fixed;
  REQUIRE(check_config(c, 1e9).find("beta is missing") == 0);
  c.beta_strategy = BetaStrategy::dynamic;
  c.beta = 3;
  REQUIRE(check_config(c, 1e9).find("beta is not allowed with betaStrategy = \"dynamic\"") == 0);
  c = TrainerConfig();
  REQUIRE(check_config(c, 1000).find("batchSize = 128 needs") == 0);
}
