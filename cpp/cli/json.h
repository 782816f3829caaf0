// The JSON the training commands write: numbers (9 significant digits), strings, arrays, and the trainer's
// configuration, evaluations, search and learned-β reach. Every writer is cpp/api's (json.h, trainer_config.h,
// trainer_json.h), shared with the bindings; these are their short names with the file format filled in. No parser:
// the CLI only writes.
#pragma once

#include <string>

#include "api/json.h"
#include "api/trainer_config.h"
#include "api/trainer_json.h"

namespace asl::cli {

inline std::string jnum(double x) { return api::json_number(x, api::kFileNumbers); }
inline std::string jstr(const std::string& s) { return api::json_string(s); }
template <class V>
std::string jarray(const V& xs) {
  return api::json_array(xs, api::kFileNumbers);
}
inline std::string jeval(const training::Evaluation& e) { return api::evaluation_json(e, api::kFileNumbers); }
inline std::string jconfig(const training::TrainerConfig& c) { return api::trainer_config_json(c, api::kFileNumbers); }
inline std::string jsearch(const training::Trainer& t) { return api::search_json(t, api::kFileNumbers); }
inline std::string jreach(const training::TrainerConfig& c) { return api::beta_reach_json(c, api::kFileNumbers); }
// Writes text to path ("-": stdout); false (with a message on stderr) when it cannot.
bool write_file(const std::string& path, const std::string& text);

}  // namespace asl::cli
