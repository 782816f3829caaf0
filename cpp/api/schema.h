// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs). Per public function (one header per engine module, included below): the index of each option
// in the slot block the bindings read (three float64 per option: value, given, length; cpp/api/slots.h), an enum of
// each choice option's values in schema order, and a table of the options with their ranges, defaults and meanings
// for the CLI's flags and --help.
#pragma once

#include <limits>

namespace asl::schema {

enum class Kind { integer, seed, number, boolean, choice, text, list, subset };

struct Option {
  const char* name;
  Kind kind;
  double min, max;  // integer, seed, number: the allowed range (kDynamic: it depends on the call)
  bool above;       // number: min itself is not allowed
  const char* const* choices;  // choice and subset: the allowed names, in the order of their indices
  int choice_count;
  bool has_default;      // a constant default (choice: its index; boolean: 0 or 1)
  double default_value;
  int default_from;      // >= 0: the default is that option's value
  const char* default_text;  // the default as the docs and --help print it
  const char* meaning;
};

struct Function {
  const char* name;
  const Option* options;
  int count;
};

constexpr int kSlots = 3;  // value, given, length
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kDynamic = -1.0;

}  // namespace asl::schema

#include "schema/core.h"
#include "schema/statistics.h"
#include "schema/softmax_lab.h"
#include "schema/temperature.h"
#include "schema/heads.h"
#include "schema/training.h"
#include "schema/beyond.h"
#include "schema/vocabulary.h"
