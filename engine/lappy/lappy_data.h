// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a lazy array (api/lappy.h) is made of before it is evaluated.
#include <memory>
#include <string>
#include <vector>

#include "api/lappy.h"
#include "layer1/layer1_data.h"

namespace loopscape::lappy::detail {

enum class ArrayKind { Input, Arange, Literal, Unary, Binary, Outer, Transpose, Sum, Matmul, Label };
// How an array is computed where it is used: fused into its consumer's
// instruction, a temporary inside the consumer's loops, or a CSE in loops of its own.
enum class Mode { Fused, Pin, Cse };

struct ArrayNode {
  ArrayKind kind = ArrayKind::Literal;
  std::string op;    // Unary: the function ("sin", "-"); Binary: the operator; Input: its name
  std::vector<std::shared_ptr<ArrayNode>> args;
  std::vector<extent> shape;
  std::vector<where> shape_at;      // where each extent was given (for errors about it)
  std::vector<std::string> labels;  // per axis, "" when none
  tiramisu::primitive_t type = tiramisu::p_float64;
  tiramisu::expr literal;  // Literal: its value
  std::vector<int> axes;   // Transpose: result axis r is axis axes[r] of args[0]; Sum: {axis}
  where at;
  Mode mode = Mode::Fused;
  std::string temporary;   // the name of a pinned array ("" before eval picks one)
  where mode_at;
  long order = 0;  // Input: when it was declared (the C function takes inputs in that order)
};
using ArrayPtr = std::shared_ptr<ArrayNode>;

[[noreturn]] inline void fail(const where& at, const std::string& message) { tiramisu::detail::fail(at, message); }

// "(n, 2 * n)".
std::string shape_text(const std::vector<extent>& shape);
// The text of one extent, as the domain tree prints it: "n", "2 * n + 1".
std::string extent_text(const extent& e);
// True when two extents are the same integer expression of the parameters
// (as linear forms where they are linear, as text otherwise).
bool same_extent(const extent& a, const extent& b);
// Throws unless `shape` is made of integer expressions of parameters and literals.
void check_extents(const std::vector<extent>& shape, const where& at);
// The parameters an extent uses, appended once each in order of use.
void collect_parameters(const tiramisu::detail::Node& n, std::vector<std::string>& out);
// A parameter node as Unsigned makes it.
extent parameter(const std::string& name);

// The extents a shape string ("n, 2*n + 1") gives; its names become parameters.
// Throws at `at` with the column where it stops making sense.
std::vector<extent> parse_shape(const std::string& text, const where& at);

}  // namespace loopscape::lappy::detail
