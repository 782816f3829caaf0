// The sequence-reversal task of the training lab (source 003, section 3): L integers drawn uniformly from 0 … R − 1,
// and the same sequence reversed as the target. Train, validation and test sets are drawn from one seed, each from its
// own stream, so changing one size never changes the sequences of another set. It holds data only: no model, no I/O.
#pragma once

#include <cstdint>
#include <vector>

namespace asl::training {

using Token = std::uint16_t;  // R <= 65536

enum class Split { train = 0, val = 1, test = 2 };

struct ReversalSet {
  int count = 0;
  std::vector<Token> inputs;   // (count, L), row i is sequence i
  std::vector<Token> targets;  // (count, L), row i is sequence i reversed
};

struct ReversalData {
  int L = 0, R = 0;
  ReversalSet train, val, test;
  const ReversalSet& split(Split s) const { return s == Split::train ? train : s == Split::val ? val : test; }
};

// Sequence i of a split is drawn from the stream (seed, 1, split) after sequences 0 … i − 1: a larger set starts with
// the sequences of a smaller one. Each value is ⌊u·R⌋ for u uniform on [0, 1).
ReversalData make_reversal_data(int L, int R, int train_count, int val_count, int test_count, std::uint64_t seed);

// target (L) = input (L) reversed: target[i] = input[L − 1 − i].
void reverse_sequence(const Token* input, int L, Token* target);

}  // namespace asl::training
