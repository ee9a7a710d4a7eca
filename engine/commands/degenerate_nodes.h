// SPDX-License-Identifier: Apache-2.0
#pragma once
// Nodes that order or schedule nothing: a sequence or set with one child, a
// filter that keeps every instance reaching it (outside a sequence or set), a
// band without members. Commands leave them behind (a fuse of every child of a
// sequence, a distribution over one group); removing them after every command
// lets the next one (cat, fuse, apply, a statement's skew) see the bands as
// directly nested.
#include <isl/cpp.h>

#include "commands/schedule_edit.h"

namespace loopscape {

// Removes the degenerate nodes below `node` (the instances reaching it are
// `reaching`); true when it removed any.
bool remove_degenerate_nodes(EditNode& node, const isl::union_set& reaching);

// The schedule without degenerate nodes (the same schedule when it has none,
// or when its tree holds nodes the edit tree cannot rebuild).
isl::schedule without_degenerate_nodes(const isl::schedule& schedule);

}  // namespace loopscape
