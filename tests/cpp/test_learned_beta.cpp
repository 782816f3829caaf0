// A learned β under Adam: the most one step can move ln β (adam_step_limit), the learning rates a run gives ln β in
// all (learned_beta_reach), and a run that never leaves the bound those imply.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/random.h"
#include "engine/training/trainer.h"
#include "helpers.h"
#include "training_helpers.h"

using namespace asl::training;
using asl_test::close;

namespace {

constexpr double kB1 = 0.9, kB2 = 0.999;  // torch.optim.Adam's defaults, as the trainer uses them
constexpr double kPi = 3.14159265358979323846;

// m̂_t = Σ_k a_k·g_(t−k) and v̂_t = Σ_k b_k·g_(t−k)², k = 0 … t−1, written out from Adam's recurrences.
double a_k(long k, long t) { return (1 - kB1) * std::pow(kB1, k) / (1 - std::pow(kB1, t)); }
double b_k(long k, long t) { return (1 - kB2) * std::pow(kB2, k) / (1 - std::pow(kB2, t)); }

// |m̂_t|/√v̂_t after feeding g_1 … g_t through Adam's moment updates with bias correction.
double adam_ratio(const std::vector<double>& g) {
  double m = 0, v = 0;
  for (double x : g) {
    m = kB1 * m + (1 - kB1) * x;
    v = kB2 * v + (1 - kB2) * x * x;
  }
  const double t = static_cast<double>(g.size());
  return std::fabs(m / (1 - std::pow(kB1, t))) / std::sqrt(v / (1 - std::pow(kB2, t)));
}

// The shared small run, 6 epochs long (48 steps) with 5 warm-up steps, β learned at `beta_lr` (0: the weights' lr).
TrainerConfig learned_config(double beta_lr) {
  TrainerConfig c = asl_test::small_trainer(BetaStrategy::learned);
  c.epochs = 6;
  c.warmup_steps = 5;
  c.beta_lr = beta_lr;
  return c;
}

// The schedule of trainer.h's comment, summed here without lr_factor: warm-up (s + 1)/W, then the cosine.
double schedule_sum(long total, int warmup) {
  const long w = std::min<long>(warmup, total / 2);
  double sum = 0;
  for (long s = 0; s < w; ++s) sum += static_cast<double>(s + 1) / w;
  for (long s = w; s < total; ++s) sum += 0.5 * (1 + std::cos(kPi * (s - w + 1) / (total - w + 1)));
  return sum;
}

}  // namespace

TEST_CASE("adam_step_limit is the largest |m̂|/√v̂ any gradients give, and a growing gradient reaches it",
          "[training][learned-beta]") {
  REQUIRE(adam_step_limit(1) == Approx(1.0).epsilon(1e-12));  // the first step is ±lr, whatever the gradient
  for (long t : {1L, 2L, 3L, 10L, 100L, 1000L, 5000L}) {
    double sum = 0;
    std::vector<double> worst(static_cast<std::size_t>(t));  // g_(t−k) ∝ a_k/b_k: equality in Cauchy–Schwarz
    for (long k = 0; k < t; ++k) {
      sum += a_k(k, t) * a_k(k, t) / b_k(k, t);
      worst[static_cast<std::size_t>(t - 1 - k)] = a_k(k, t) / b_k(k, t);
    }
    INFO("t = " << t);
    REQUIRE(close(adam_step_limit(t), std::sqrt(sum), 0, 1e-10));
    REQUIRE(close(adam_ratio(worst), adam_step_limit(t), 0, 1e-9));
    // Steady gradients move by at most 1; random ones of any sign and size stay within the limit.
    REQUIRE(close(adam_ratio(std::vector<double>(static_cast<std::size_t>(t), -0.3)), 1.0, 0, 1e-9));
    asl::Rng rng(static_cast<std::uint64_t>(t));
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<double> g(static_cast<std::size_t>(t));
      for (double& x : g) x = rng.normal() * std::exp(3 * rng.normal());
      REQUIRE(adam_ratio(g) <= adam_step_limit(t) * (1 + 1e-12));
    }
  }
  REQUIRE(adam_step_limit(100000) > 7.2);
  REQUIRE(adam_step_limit(100000) < 7.3);
}

TEST_CASE("a learned beta's reach: its learning rates sum to the schedule's, and no run passes the bound",
          "[training][learned-beta]") {
  for (double beta_lr : {0.0, 0.03, 0.3}) {
    const TrainerConfig c = learned_config(beta_lr);
    const LearnedBetaReach reach = learned_beta_reach(c);
    Trainer t(c);
    const long total = t.total_steps();
    const double rate = beta_lr != 0.0 ? beta_lr : c.lr;
    INFO("betaLr = " << beta_lr << ", " << total << " steps");
    REQUIRE(total == 48);
    REQUIRE(reach.initial_beta == Approx(1 / std::sqrt(8.0)).epsilon(1e-15));
    REQUIRE(close(reach.lr_sum, rate * schedule_sum(total, c.warmup_steps), 0, 1e-12));
    REQUIRE(close(reach.ceiling, reach.initial_beta * std::exp(reach.lr_sum), 0, 1e-12));
    REQUIRE(reach.bound > reach.ceiling);

    double reported_sum = 0, log_beta = std::log(t.beta());
    for (long s = 1; t.phase() != Phase::done; ++s) {
      const StepResult r = t.step(1);
      reported_sum += r.beta_lr;
      const double next = std::log(t.beta());
      INFO("step " << s << ": ln beta " << log_beta << " -> " << next << ", lr_beta " << r.beta_lr);
      REQUIRE(r.beta_lr == Approx(rate * lr_factor(s - 1, total, c.warmup_steps)).epsilon(1e-12));
      REQUIRE(std::fabs(next - log_beta) <= adam_step_limit(s) * r.beta_lr + 1e-6);  // float ln β: 1e-6
      REQUIRE(t.beta() <= reach.bound);
      log_beta = next;
    }
    REQUIRE(close(reported_sum, reach.lr_sum, 0, 1e-12));
    WARN("betaLr " << rate << ": beta " << reach.initial_beta << " -> " << t.beta() << " (ceiling " << reach.ceiling
                   << ", bound " << reach.bound << ")");
  }
  // β is not trained under the other strategies: no reach, and no learning rate for ln β.
  TrainerConfig fixed = learned_config(0.0);
  fixed.beta_strategy = BetaStrategy::fixed;
  fixed.beta = 2;
  REQUIRE(learned_beta_reach(fixed).lr_sum == 0.0);
  Trainer t(fixed);
  REQUIRE(t.step(3).beta_lr == 0.0);
}
