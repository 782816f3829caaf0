// The training commands' JSON (see json.h).
#include "json.h"

#include <cstdio>

namespace asl::cli {

using namespace asl::training;

std::string jnum(double x) { return api::json_number(x, 9); }

std::string jeval(const Evaluation& e) {
  return "{\"tokenAccuracy\":" + jnum(e.token_accuracy) + ",\"sequenceAccuracy\":" + jnum(e.sequence_accuracy) +
         ",\"loss\":" + jnum(e.loss) + ",\"count\":" + std::to_string(e.count) + "}";
}

std::string jsearch(const Trainer& t) {
  if (t.config().beta_strategy != BetaStrategy::search) return "null";
  const SearchState& s = t.search();
  std::string probes = "[";
  for (std::size_t i = 0; i < s.probes.size(); ++i) {
    const SearchProbe& p = s.probes[i];
    probes += std::string(i ? "," : "") + "{\"beta\":" + jnum(p.beta) + ",\"log10Beta\":" + jnum(p.log10_beta) +
              ",\"stage\":" + std::to_string(p.stage) + ",\"val\":" + jeval(p.val) + "}";
  }
  return "{\"finished\":" + std::string(s.finished ? "true" : "false") + ",\"beta\":" + jnum(s.beta()) +
         ",\"bracket\":[" + jnum(s.lo()) + "," + jnum(s.hi()) + "],\"probes\":" + probes + "]}";
}

std::string jreach(const TrainerConfig& c) {
  if (c.beta_strategy != BetaStrategy::learned) return "null";
  const LearnedBetaReach r = learned_beta_reach(c);
  return "{\"initialBeta\":" + jnum(r.initial_beta) + ",\"lrSum\":" + jnum(r.lr_sum) + ",\"ceiling\":" +
         jnum(r.ceiling) + ",\"bound\":" + jnum(r.bound) + "}";
}

bool write_file(const std::string& path, const std::string& text) {
  if (path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return true;
  }
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::fprintf(stderr, "attention-lab: cannot write %s\n", path.c_str());
    return false;
  }
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return true;
}

}  // namespace asl::cli
