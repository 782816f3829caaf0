// Flags from the schema (see flags.h): the same ranges and messages as web/schema/types.js gives the API.
#include "flags.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace asl::cli {
namespace {

using schema::Kind;
using schema::Option;

// "train-size", "trainSize", "TRAINSIZE" → "trainsize"
std::string folded(const std::string& name) {
  std::string out;
  for (char c : name)
    if (c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A number as JavaScript's String(x) writes it (and the API's messages): integers whole, others shortest round trip.
std::string number_text(double x) {
  char buf[40];
  if (x == std::floor(x) && std::fabs(x) < 1e21) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

bool parse_number(const std::string& s, double* out) {
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end != '\0') return false;
  *out = v;
  return true;
}

bool skipped(const Option& o, const std::vector<const char*>& skip) {
  for (const char* s : skip)
    if (std::strcmp(s, o.name) == 0) return true;
  return false;
}

std::string choices_text(const Option& o, const char* quote) {
  std::string out = "use ";
  for (int i = 0; i < o.choice_count; ++i) {
    out += std::string(i == 0 ? "" : i + 1 == o.choice_count ? " or " : ", ") + quote + o.choices[i] + quote;
  }
  return out;
}

// The value of `text` for option o, or the reason it is not allowed (the API's wording).
std::string read_value(const Option& o, const std::string& text, double* value) {
  const std::string quoted = "\"" + text + "\"";
  double x = 0;
  switch (o.kind) {
    case Kind::integer:
    case Kind::seed:
      if (!parse_number(text, &x) || x != std::floor(x) || x < o.min || x > o.max)
        return std::string(o.name) + " = " + text + " is out of range: allowed an integer from " + number_text(o.min) +
               " to " + number_text(o.max);
      break;
    case Kind::number: {
      if (!parse_number(text, &x) || !std::isfinite(x) || !(o.above ? x > o.min : x >= o.min) || x > o.max)
        return std::string(o.name) + " = " + text + " is out of range: allowed " +
               (o.above ? "a number above " + number_text(o.min) + " up to " : "a finite number from " +
                                                                                   number_text(o.min) + " to ") +
               number_text(o.max);
      break;
    }
    case Kind::choice: {
      int index = -1;
      for (int i = 0; i < o.choice_count; ++i)
        if (text == o.choices[i]) index = i;
      if (index < 0) return std::string(o.name) + " = " + quoted + " is not allowed: " + choices_text(o, "\"");
      x = index;
      break;
    }
    default:
      return std::string(o.name) + ": this option is not available on the command line";
  }
  *value = x;
  return "";
}

}  // namespace

api::Slots Parsed::options() {
  // A text's slot holds the address of its bytes, taken now: `texts` may have moved since parsing.
  for (int i : text_options) {
    slots[schema::kSlots * i] = static_cast<double>(reinterpret_cast<std::uintptr_t>(texts[i].data()));
    slots[schema::kSlots * i + 2] = static_cast<double>(texts[i].size());
  }
  return api::Slots(slots.data());
}

bool Parsed::has(const std::string& option) const {
  for (const std::string& g : given)
    if (g == option) return true;
  return false;
}

const std::string* Parsed::flag(const std::string& name) const {
  for (const auto& [n, v] : own)
    if (n == name) return &v;
  return nullptr;
}

bool wants_help(int argc, char** argv) {
  for (int i = 2; i < argc; ++i)
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) return true;
  return false;
}

Parsed parse_flags(const schema::Function& fn, const std::vector<const char*>& skip, const std::vector<OwnFlag>& own,
                   int argc, char** argv) {
  Parsed p;
  p.slots.assign(static_cast<std::size_t>(fn.count) * schema::kSlots, 0.0);
  p.texts.resize(static_cast<std::size_t>(fn.count));
  for (int i = 0; i < argc; ++i) p.command_line += (i ? " " : "") + std::string(i == 0 ? "attention-lab" : argv[i]);
  for (int i = 0; i < fn.count; ++i) {
    const Option& o = fn.options[i];
    if (o.has_default) p.slots[schema::kSlots * i] = o.default_value;
    if (o.kind == Kind::text) p.text_options.push_back(i);
    if (o.kind == Kind::text && o.default_text) p.texts[i] = o.default_text;
  }
  for (int a = 2; a < argc && p.error.empty(); ++a) {
    std::string arg = argv[a];
    if (arg.rfind("--", 0) != 0) {
      p.error = "unexpected argument " + arg;
      break;
    }
    std::string name = arg.substr(2), value;
    const std::size_t eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) value = name.substr(eq + 1), name = name.substr(0, eq);
    const std::string key = folded(name);
    // The command's own flags first, then the API's options (and the off-switches of boolean options).
    const OwnFlag* own_flag = nullptr;
    for (const OwnFlag& f : own)
      if (folded(f.name) == key) own_flag = &f;
    int option = -1;
    bool off = false;
    for (int i = 0; i < fn.count && !own_flag; ++i) {
      const Option& o = fn.options[i];
      if (skipped(o, skip)) continue;
      const std::string n = folded(o.name);
      if (key == n) option = i;
      if (o.kind == Kind::boolean && (key == "no" + n || key == "un" + n)) option = i, off = true;
    }
    if (!own_flag && option < 0) {
      p.error = "unknown flag --" + name;
      break;
    }
    const bool needs_value = own_flag ? own_flag->value != nullptr : fn.options[option].kind != Kind::boolean;
    if (needs_value && !inline_value) {
      if (a + 1 >= argc) {
        p.error = "--" + name + " needs a value";
        break;
      }
      value = argv[++a];
    }
    if (own_flag) {
      p.own.emplace_back(own_flag->name, value);
      continue;
    }
    const Option& o = fn.options[option];
    p.given.emplace_back(o.name);
    double* slot = &p.slots[schema::kSlots * option];
    slot[1] = 1.0;
    if (o.kind == Kind::boolean) {
      slot[0] = off ? 0.0 : 1.0;
    } else if (o.kind == Kind::text) {
      p.texts[option] = value;
    } else {
      p.error = read_value(o, value, &slot[0]);
    }
  }
  // A default taken from another option is that option's value.
  for (int i = 0; i < fn.count; ++i) {
    double* slot = &p.slots[schema::kSlots * i];
    if (fn.options[i].default_from >= 0 && slot[1] == 0.0) slot[0] = p.slots[schema::kSlots * fn.options[i].default_from];
  }
  return p;
}

std::string help_text(const std::string& usage, const schema::Function& fn, const std::vector<const char*>& skip,
                      const std::vector<OwnFlag>& own) {
  std::string out = usage + "\noptions (engine." + fn.name + "'s, docs/API.md; --camelCase or --kebab-case):\n";
  for (int i = 0; i < fn.count; ++i) {
    const Option& o = fn.options[i];
    if (skipped(o, skip)) continue;
    std::string range;
    switch (o.kind) {
      case Kind::integer:
      case Kind::seed: range = "integer " + number_text(o.min) + " … " + number_text(o.max); break;
      case Kind::number:
        range = (o.above ? "number above " + number_text(o.min) + ", up to " : "number " + number_text(o.min) + " … ") +
                number_text(o.max);
        break;
      case Kind::boolean: range = "switch (--no-" + std::string(o.name) + " turns it off)"; break;
      case Kind::choice: range = choices_text(o, "").substr(4); break;
      case Kind::text: range = "text"; break;
      default: range = "-"; break;
    }
    out += "  --" + std::string(o.name) + "  " + range + "; default " + o.default_text + ": " + o.meaning + "\n";
  }
  if (!own.empty()) out += "flags of this command:\n";
  for (const OwnFlag& f : own)
    out += "  --" + std::string(f.name) + (f.value ? " " + std::string(f.value) : "") + "  " + f.meaning + "\n";
  return out;
}

}  // namespace asl::cli
