// attention-lab lr-sweep: final test accuracy against the learning rate for several ways of scaling attention
// (lr_sweep.cpp). Registered in main.cpp.
#pragma once

namespace asl::cli {

// Runs `attention-lab lr-sweep` with argv[2 …] as flags; returns the process exit code.
int lr_sweep_command(int argc, char** argv);

}  // namespace asl::cli
