// SPDX-License-Identifier: Apache-2.0
#pragma once
// The schedule tree in the indented named form of spec 000:
//
//   { S0[i, j] -> []; S1[i, j] -> [] } : R
//       { S0[i, j] -> [i, j] } : C0
//       { S1[i, j] -> [i, j] } : C1 [parallel]
//
// Four spaces per depth. A band prints its partial schedule (restricted to
// the statements that reach it), a sequence the empty schedule of its
// instances followed by its children (filters are transparent; a filter over
// a leaf prints `{ S[...] -> [] }`), a set node the same with `[parallel]`.
// ` : NAME` follows named nodes, `[tag]` each loop tag (schedule/tags.h).
// Parameters are left out of the maps (`[n] -> ` is not printed).
#include <isl/cpp.h>

#include <string>

namespace loopscape {

struct TreePrintOptions {
  bool show_parameters = false;  // keep the `[n] -> ` prefix of every map
  int indent = 4;
};

std::string print_schedule_tree(const isl::schedule& schedule, const TreePrintOptions& options = {});
std::string print_schedule_subtree(const isl::schedule_node& node, const TreePrintOptions& options = {});

// A union map / set as isl prints it, with the parameter prefix removed.
std::string strip_parameters(const std::string& isl_text);

}  // namespace loopscape
