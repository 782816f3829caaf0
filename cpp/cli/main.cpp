// attention-lab: the native command line. It runs the engine's experiments outside the browser and prints JSON, so
// native and WASM numbers can be compared (tests/js) and runs can be scripted. Its flags are the public API's options
// (web/schema/, through cpp/api/schema.h). It does not draw anything.
#include <cstdio>
#include <cstring>

#include "commands.h"
#include "lr_sweep.h"

namespace {

struct Command {
  const char* name;
  int (*run)(int argc, char** argv);
  const char* summary;
};

// One row per command.
const Command kCommands[] = {
    {"random", asl::cli::cmd_random, "numbers from the engine's seeded generator, uniform and normal"},
    {"example", asl::cli::cmd_example, "every matrix of Lesson 1's self-attention example"},
    {"train", asl::cli::cmd_train, "one training run of the reversal task (Lesson 6)"},
    {"table1", asl::cli::cmd_table1, "source 003's Table 1 rows over several seeds and β strategies"},
    {"dump", asl::cli::cmd_dump, "initial weights, batches and losses for the PyTorch reference"},
    {"lr-sweep", asl::cli::lr_sweep_command, "final test accuracy against the learning rate, per way of scaling attention"},
};

int usage() {
  std::fprintf(stderr, "usage: attention-lab COMMAND [flags]   (attention-lab COMMAND --help lists its flags)\n");
  for (const Command& c : kCommands) std::fprintf(stderr, "  %-8s %s\n", c.name, c.summary);
  std::fprintf(stderr, "Prints JSON on standard output.\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  for (const Command& c : kCommands)
    if (std::strcmp(argv[1], c.name) == 0) return c.run(argc, argv);
  return usage();
}
