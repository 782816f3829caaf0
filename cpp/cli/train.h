// The training lab's commands of attention-lab: train, table1 and dump (see train.cpp).
#pragma once

namespace asl::cli {

// True when `command` is one of train, table1, dump.
bool is_training_command(const char* command);
// Runs it with argv[2 …] as flags; returns the process exit code.
int training_command(int argc, char** argv);

}  // namespace asl::cli
