// The command line's flags: a public function's options from its schema (cpp/api/schema.h), spelled as the API
// spells them (case and dashes ignored: --trainSize, --train-size, --trainsize) and checked against the same ranges
// with the same messages as the API, plus a command's own flags (output files, step counts). A boolean option is a
// switch: --causal sets it, --no-causal or --uncausal clears it. --help prints both tables.
#pragma once

#include <string>
#include <vector>

#include "api/schema.h"
#include "api/slots.h"

namespace asl::cli {

// A flag of the command itself, not of the API. value: the placeholder of its value, or nullptr for a switch.
struct OwnFlag {
  const char* name;
  const char* value;
  const char* meaning;
};

struct Parsed {
  std::vector<double> slots;             // api::Slots layout, in the schema's order, defaults filled in
  std::vector<std::string> texts;        // text options (their slots point here)
  std::vector<int> text_options;         // which options are texts
  std::vector<std::string> given;        // schema options given, as the schema names them
  std::vector<std::pair<std::string, std::string>> own;  // own flags given: name, value ("" for a switch)
  std::string command_line;              // "attention-lab <argv…>"
  std::string error;                     // why the flags cannot be used ("" when they can)

  // The options as the engine's readers take them (valid while this object lives and is not changed).
  api::Slots options();
  bool has(const std::string& option) const;
  // The value of an own flag, or nullptr when it was not given.
  const std::string* flag(const std::string& name) const;
};

// Parses argv[2 …] (argv[1] is the command) for `fn`'s options, except those named in `skip`, and `own`.
Parsed parse_flags(const schema::Function& fn, const std::vector<const char*>& skip, const std::vector<OwnFlag>& own,
                   int argc, char** argv);

// "usage: …" then the options of `fn` (name, range, default, meaning) and the own flags.
std::string help_text(const std::string& usage, const schema::Function& fn, const std::vector<const char*>& skip,
                      const std::vector<OwnFlag>& own);

// True when argv[2 …] holds --help or -h.
bool wants_help(int argc, char** argv);

}  // namespace asl::cli
