// What every binding file shares: the slot block JavaScript wrote (web/schema/validate.js checked every option
// against its range before), columns of results, copies of results into fresh typed arrays, and the answer for an
// error only the engine can see (a sentence's words, a trainer's memory, a result beyond float32), which
// web/engine.js turns into an Error. The only C++ that includes <emscripten/bind.h>; no binding throws across WASM
// frames, and none computes: the lessons' math is cpp/engine's.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "api/slots.h"
#include "engine/matrix.h"
#include "engine/statistics.h"

namespace asl::bindings {

using emscripten::val;

// The slot block at `address` in WASM memory (written by web/schema/validate.js).
inline api::Slots slots_at(std::uintptr_t address) { return api::Slots(reinterpret_cast<const double*>(address)); }

// An error the caller sees as "<function>: <message>": bindings answer it as a plain string.
inline val problem(const std::string& message) { return val(message); }

// Fresh typed-array copies (never a view of WASM memory).
val f32(const float* data, std::size_t n);
val f64(const double* data, std::size_t n);
val f64(const std::vector<double>& v);
val i32(const std::vector<int>& v);
val matrix(const RowMatrixXf& m);
val strings(const std::vector<std::string>& items);

// The tokens of a sentence as Lesson 1 splits it, or the reason it cannot be used (1 … 12 words of ≤ 40 bytes).
std::vector<std::string> sentence_tokens(const std::string& sentence, const char* name, std::string* problem_text);

// The entries' distribution from a function's distribution ("uniform" | "normal"), mean and std options
// (statistics.cpp).
EntryDistribution read_distribution(const api::Slots& a, int distribution, int mean, int std_dev);

// r[name] = value for each (name, value): numbers set through one function, not one template instance per name's
// length.
void put(val& r, std::initializer_list<std::pair<const char*, double>> fields);

// r[name] = a Float64Array of field(point) over the points, for each (name, field).
template <class Point>
using Column = std::pair<const char*, std::function<double(const Point&)>>;
template <class Point>
void set_columns(val& r, const std::vector<Point>& points, const std::vector<Column<Point>>& columns) {
  std::vector<double> values(points.size());
  for (const auto& [name, field] : columns) {
    for (std::size_t i = 0; i < points.size(); ++i) values[i] = field(points[i]);
    r.set(name, f64(values));
  }
}

// Milliseconds since an arbitrary origin (emscripten_get_now), for the computeMs fields.
double now_ms();

}  // namespace asl::bindings
