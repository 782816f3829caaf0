// One call's options as the engine reads them: three float64 slots per option (value, given, length), in the
// order of the function's schema (cpp/api/schema.h). web/schema/validate.js writes them into WASM memory after
// checking every option against its range; the CLI (cpp/cli/flags.cpp) fills them from its flags. A list's or a
// text's value slot holds the byte address of its entries in the same memory. Reading never fails: the checks
// happened before.
#pragma once

#include <cstdint>
#include <string>

#include "schema.h"

namespace asl::api {

class Slots {
 public:
  explicit Slots(const double* slots) : s_(slots) {}

  double number(int option) const { return s_[schema::kSlots * option]; }
  int integer(int option) const { return static_cast<int>(number(option)); }
  bool flag(int option) const { return number(option) != 0.0; }
  std::uint64_t seed(int option) const { return static_cast<std::uint64_t>(number(option)); }
  int choice(int option) const { return integer(option); }
  // True when the caller gave the option (false: the value slot holds its default, or 0 when it has none).
  bool given(int option) const { return s_[schema::kSlots * option + 1] != 0.0; }
  // Entries of a list, bytes of a text; 0 when absent.
  int length(int option) const { return static_cast<int>(s_[schema::kSlots * option + 2]); }

  const float* f32(int option) const { return reinterpret_cast<const float*>(address(option)); }
  const double* f64(int option) const { return reinterpret_cast<const double*>(address(option)); }
  const int* i32(int option) const { return reinterpret_cast<const int*>(address(option)); }
  std::string text(int option) const {
    return std::string(reinterpret_cast<const char*>(address(option)), static_cast<std::size_t>(length(option)));
  }

 private:
  std::uintptr_t address(int option) const { return static_cast<std::uintptr_t>(number(option)); }
  const double* s_;
};

}  // namespace asl::api
