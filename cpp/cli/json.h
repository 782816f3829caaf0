// The JSON the training commands write: numbers (9 significant digits), strings, arrays, and the trainer's
// configuration, evaluations, search and learned-β reach. The configuration's writer is the bindings' too
// (cpp/api/trainer_config.h). No parser: the CLI only writes.
#pragma once

#include <string>

#include "api/trainer_config.h"

namespace asl::cli {

std::string jnum(double x);
inline std::string jstr(const std::string& s) { return api::json_string(s); }
template <class V>
std::string jarray(const V& xs) {
  std::string out = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? "," : "") + jnum(static_cast<double>(xs[i]));
  return out + "]";
}
std::string jeval(const training::Evaluation& e);
inline std::string jconfig(const training::TrainerConfig& c) { return api::trainer_config_json(c, 9); }
std::string jsearch(const training::Trainer& t);
// learned_beta_reach(config) as { initialBeta, lrSum, ceiling, bound }, or null when β is not learned.
std::string jreach(const training::TrainerConfig& c);
// Writes text to path ("-": stdout); false (with a message on stderr) when it cannot.
bool write_file(const std::string& path, const std::string& text);

}  // namespace asl::cli
