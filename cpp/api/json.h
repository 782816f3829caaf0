// The JSON pieces every writer of the public API's results shares (the CLI's files and the bindings' trainer
// answers): numbers, strings, arrays of numbers. No parser: the engine only writes JSON.
#pragma once

#include <string>

namespace asl::api {

// How numbers are printed: `digits` significant digits, and an infinity as null (a JSON file: JSON has none) or as
// ±1e999, which JSON.parse reads back as ±Infinity (a binding's answer, parsed in JavaScript). NaN is always null.
struct NumberFormat {
  int digits;
  bool infinity = false;
};
inline constexpr NumberFormat kFileNumbers{9, false};    // the CLI's files
inline constexpr NumberFormat kExactNumbers{17, true};   // the bindings: 17 digits give back the same double

std::string json_number(double x, NumberFormat format);
std::string json_string(const std::string& s);

// One JSON object, written member by member in the order given.
class JsonObject {
 public:
  explicit JsonObject(NumberFormat format) : format_(format) {}
  void number(const char* key, double x);              // json_number(x)
  void raw(const char* key, const std::string& json);  // a value that is JSON already
  std::string close() const;                           // the object's text
 private:
  std::string text_ = "{";
  NumberFormat format_;
};
template <class V>
std::string json_array(const V& xs, NumberFormat format) {
  std::string out = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? "," : "") + json_number(static_cast<double>(xs[i]), format);
  return out + "]";
}

}  // namespace asl::api
