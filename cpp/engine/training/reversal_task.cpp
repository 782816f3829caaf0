// Generates the reversal data sets from the engine's seeded generator (one stream per split).
#include "reversal_task.h"

#include "../random.h"

namespace asl::training {
namespace {

constexpr std::uint64_t kDataStream = 1;

ReversalSet make_set(int L, int R, int count, std::uint64_t seed, Split split) {
  ReversalSet set;
  set.count = count;
  const std::size_t n = static_cast<std::size_t>(count) * L;
  set.inputs.resize(n);
  set.targets.resize(n);
  Rng rng = Rng::stream(seed, kDataStream, static_cast<std::uint64_t>(split));
  for (std::size_t i = 0; i < n; ++i) set.inputs[i] = static_cast<Token>(static_cast<int>(rng.uniform() * R));
  for (int s = 0; s < count; ++s) {
    const std::size_t row = static_cast<std::size_t>(s) * L;
    reverse_sequence(set.inputs.data() + row, L, set.targets.data() + row);
  }
  return set;
}

}  // namespace

void reverse_sequence(const Token* input, int L, Token* target) {
  for (int i = 0; i < L; ++i) target[i] = input[L - 1 - i];
}

ReversalData make_reversal_data(int L, int R, int train_count, int val_count, int test_count, std::uint64_t seed) {
  ReversalData data;
  data.L = L;
  data.R = R;
  data.train = make_set(L, R, train_count, seed, Split::train);
  data.val = make_set(L, R, val_count, seed, Split::val);
  data.test = make_set(L, R, test_count, seed, Split::test);
  return data;
}

}  // namespace asl::training
