// The trainer's answers as JSON (cpp/api/trainer_json.h), written once for the bindings and the CLI: numbers, the
// evaluation, the learned-β reach with an infinite ceiling, and the search, which names β and the bracket only once
// they are known (null before: the engine's placeholders 10⁰ and [1, 1] are not results).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "api/trainer_json.h"
#include "training_helpers.h"

using namespace asl::training;
using asl::api::json_number;
using asl::api::kExactNumbers;
using asl::api::kFileNumbers;

TEST_CASE("numbers: 9 digits in files, 17 for the bindings; an infinity is null in a file and ±1e999 for JSON.parse",
          "[trainer_json]") {
  CHECK(json_number(0.1, kFileNumbers) == "0.1");
  CHECK(json_number(1.0 / 3.0, kFileNumbers) == "0.333333333");
  CHECK(json_number(1.0 / 3.0, kExactNumbers) == "0.33333333333333331");
  CHECK(std::stod(json_number(1.0 / 3.0, kExactNumbers)) == 1.0 / 3.0);
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(json_number(inf, kFileNumbers) == "null");
  CHECK(json_number(inf, kExactNumbers) == "1e999");
  CHECK(json_number(-inf, kExactNumbers) == "-1e999");
  CHECK(json_number(std::nan(""), kExactNumbers) == "null");
  CHECK(asl::api::json_string("a\"b\\c\n") == "\"a\\\"b\\\\c \"");
  CHECK(asl::api::json_array(std::vector<int>{1, 2}, kFileNumbers) == "[1,2]");
}

TEST_CASE("an evaluation and the learned-β reach", "[trainer_json]") {
  Evaluation e;
  e.token_accuracy = 0.5;
  e.sequence_accuracy = 0.25;
  e.loss = 1.5;
  e.count = 8;
  CHECK(asl::api::evaluation_json(e, kFileNumbers) ==
        "{\"tokenAccuracy\":0.5,\"sequenceAccuracy\":0.25,\"loss\":1.5,\"count\":8}");

  TrainerConfig c = asl_test::small_trainer(BetaStrategy::inverse_sqrt_dk);
  CHECK(asl::api::beta_reach_json(c, kFileNumbers) == "null");
  c = asl_test::small_trainer(BetaStrategy::learned);
  c.beta_lr = 0.01;
  const LearnedBetaReach r = learned_beta_reach(c);
  CHECK(asl::api::beta_reach_json(c, kFileNumbers) ==
        "{\"initialBeta\":" + json_number(r.initial_beta, kFileNumbers) + ",\"lrSum\":" +
            json_number(r.lr_sum, kFileNumbers) + ",\"ceiling\":" + json_number(r.ceiling, kFileNumbers) +
            ",\"bound\":" + json_number(r.bound, kFileNumbers) + "}");
  // betaLr 1 for long enough: e^(Σ lr) passes float64, the ceiling is Infinity (null in a file).
  c.beta_lr = 1;
  c.epochs = 200;
  REQUIRE(std::isinf(learned_beta_reach(c).ceiling));
  const std::string file = asl::api::beta_reach_json(c, kFileNumbers), exact = asl::api::beta_reach_json(c, kExactNumbers);
  CHECK(file.find("\"ceiling\":null,\"bound\":null}") != std::string::npos);
  CHECK(exact.find("\"ceiling\":1e999,\"bound\":1e999}") != std::string::npos);
}

TEST_CASE("the search names β once a probe has run and the bracket once it has finished, in both formats",
          "[trainer_json]") {
  CHECK(asl::api::search_json(Trainer(asl_test::small_trainer(BetaStrategy::fixed)), kFileNumbers) == "null");
  TrainerConfig c = asl_test::small_trainer(BetaStrategy::search);
  c.search_powers = 1;
  c.search_iterations = 1;
  c.probe_epochs = 1;
  Trainer t(c);
  for (const auto format : {kFileNumbers, kExactNumbers})
    CHECK(asl::api::search_json(t, format) == "{\"finished\":false,\"beta\":null,\"bracket\":null,\"probes\":[]}");
  bool saw_probe_unfinished = false;
  while (t.phase() == Phase::search) {
    t.step(1);
    const SearchState& s = t.search();
    const std::string json = asl::api::search_json(t, kFileNumbers);
    if (s.probes.empty()) {
      CHECK(json.find("\"beta\":null,\"bracket\":null") != std::string::npos);
    } else if (!s.finished) {
      saw_probe_unfinished = true;
      CHECK(json.find("\"beta\":" + json_number(s.beta(), kFileNumbers) + ",\"bracket\":null,") != std::string::npos);
    }
  }
  CHECK(saw_probe_unfinished);
  const SearchState& s = t.search();
  REQUIRE(s.finished);
  const std::string done = asl::api::search_json(t, kExactNumbers);
  CHECK(done.rfind("{\"finished\":true,\"beta\":" + json_number(s.beta(), kExactNumbers) + ",\"bracket\":[" +
                       json_number(s.lo(), kExactNumbers) + "," + json_number(s.hi(), kExactNumbers) + "],\"probes\":[{",
                   0) == 0);
  CHECK(s.lo() <= s.beta());
  CHECK(s.beta() <= s.hi());
}
