// attention-lab's commands, one row each in main.cpp's table. Each reads its own flags (argv[2 …]; flags.h), answers
// --help, prints JSON on standard output (or to --json FILE) and returns the process's exit code.
#pragma once

namespace asl::cli {

int cmd_random(int argc, char** argv);   // lesson1.cpp: the engine's generator
int cmd_example(int argc, char** argv);  // lesson1.cpp: Lesson 1's matrices
int cmd_train(int argc, char** argv);    // train.cpp: one training run
int cmd_dump(int argc, char** argv);     // train.cpp: weights, batches and losses for tests/torch
int cmd_table1(int argc, char** argv);   // table1.cpp: source 003's Table 1 over seeds

}  // namespace asl::cli
