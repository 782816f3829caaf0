// JSON numbers and strings (see json.h).
#include "json.h"

#include <cmath>
#include <cstdio>

namespace asl::api {

std::string json_number(double x, NumberFormat format) {
  if (std::isnan(x) || (std::isinf(x) && !format.infinity)) return "null";
  if (std::isinf(x)) return x > 0 ? "1e999" : "-1e999";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.*g", format.digits, x);
  return buf;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) out += ' ';
    else out += c;
  }
  return out + "\"";
}

void JsonObject::raw(const char* key, const std::string& json) {
  if (text_.size() > 1) text_ += ',';
  text_ += '"';
  text_ += key;
  text_ += "\":";
  text_ += json;
}

void JsonObject::number(const char* key, double x) { raw(key, json_number(x, format_)); }

std::string JsonObject::close() const { return text_ + "}"; }

}  // namespace asl::api
