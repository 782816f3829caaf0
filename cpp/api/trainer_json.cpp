// The trainer's answers as JSON (see trainer_json.h).
#include "trainer_json.h"

namespace asl::api {

using namespace asl::training;

std::string evaluation_json(const Evaluation& e, NumberFormat f) {
  JsonObject o(f);
  o.number("tokenAccuracy", e.token_accuracy);
  o.number("sequenceAccuracy", e.sequence_accuracy);
  o.number("loss", e.loss);
  o.number("count", static_cast<double>(e.count));
  return o.close();
}

std::string search_json(const Trainer& t, NumberFormat f) {
  if (t.config().beta_strategy != BetaStrategy::search) return "null";
  const SearchState& s = t.search();
  std::string probes = "[";
  for (std::size_t i = 0; i < s.probes.size(); ++i) {
    const SearchProbe& p = s.probes[i];
    JsonObject probe(f);
    probe.number("beta", p.beta);
    probe.number("log10Beta", p.log10_beta);
    probe.number("stage", p.stage);
    probe.raw("val", evaluation_json(p.val, f));
    probes += (i ? "," : "") + probe.close();
  }
  JsonObject o(f);
  o.raw("finished", s.finished ? "true" : "false");
  o.raw("beta", s.probes.empty() ? "null" : json_number(s.beta(), f));
  o.raw("bracket", s.finished ? "[" + json_number(s.lo(), f) + "," + json_number(s.hi(), f) + "]" : "null");
  o.raw("probes", probes + "]");
  return o.close();
}

std::string beta_reach_json(const TrainerConfig& c, NumberFormat f) {
  if (c.beta_strategy != BetaStrategy::learned) return "null";
  const LearnedBetaReach r = learned_beta_reach(c);
  JsonObject o(f);
  o.number("initialBeta", r.initial_beta);
  o.number("lrSum", r.lr_sum);
  o.number("ceiling", r.ceiling);
  o.number("bound", r.bound);
  return o.close();
}

}  // namespace asl::api
