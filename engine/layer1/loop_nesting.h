// SPDX-License-Identifier: Apache-2.0
#pragma once
// The loops of the C rendering of a Tiramisu function: computations run in
// declaration order, each in its own loop nest, except where then/after nest
// one in the leading loops of another.
#include <vector>

#include "layer1/layer1_data.h"
#include "model/program.h"

namespace loopscape::tiramisu::detail {

struct Nestable {
  const ComputationData* computation = nullptr;
  std::vector<std::string> iterators;
};

// Where one statement sits: its loops (ids shared with the statements it
// shares them with) and its textual position, as the C front-end numbers them.
struct Placement {
  const ComputationData* computation = nullptr;
  std::vector<Loop> loops;
  std::vector<int> position;
};

// The statements in the order they run, placed. Throws InputError at an
// ordering that names a computation that is no statement, a level that is no
// loop of both at the same depth, or loops that another placement closed.
std::vector<Placement> nest_statements(const std::vector<Nestable>& statements, const std::vector<Ordering>& orderings);

}  // namespace loopscape::tiramisu::detail
