// SPDX-License-Identifier: Apache-2.0
#pragma once
// The statements brought to isl's order and fusion with after / before.
#include "autoschedule/plan_work.h"

namespace loopscape::autoschedule {

// Statements in isl's order and nesting, one move at a time: of the legal
// moves, the one that puts the most statements in place goes first (a
// consumer may have to move before its producer can follow it); a move that
// puts two pairs or more out of place, or comes back to an order seen before,
// is never taken.
void place_statements(Work& w, const Target& target);
// A statement whose loops isl changes, while the statements sharing its loops
// keep theirs, first gets a nest of its own where that is legal.
void separate_if_shared(Work& w, const Target& target, const std::string& statement);
// "" when the session's loops and nesting are isl's; else what differs.
std::string mismatch(const Work& w, const Target& target);

}  // namespace loopscape::autoschedule
