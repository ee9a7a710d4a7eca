// SPDX-License-Identifier: Apache-2.0
#pragma once
// Why two schedules differ, as a student can act on it: a concrete pair of
// instances they order differently, and the first step of a history where
// it leaves the expected one (feedback from the engine first, issue 29).
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "model/program.h"
#include "session/session.h"

namespace loopscape {

// "x before y" for every pair of instances `schedule` orders (on its domain).
isl::union_map runs_before(const isl::schedule& schedule);
// The same for a schedule map the student typed, on `instances`.
isl::union_map runs_before(const isl::union_map& schedule_map, const isl::union_set& instances);

// "S0[0, 5] runs before S0[1, 0] in yours, after it in the expected one
// (with tsteps = 2, n = 7)"; "" when both order the same pairs. `yours`
// names the first ordering's owner.
std::string order_difference(const Program& program, const isl::union_map& got, const isl::union_map& want,
                             const std::string& yours = "your schedule");

// One pair of `pairs` at the smallest parameter values that have one:
// "S0[1, 2] and S0[2, 1]", and in `parameters` "n = 3"; "" when there is none.
std::string some_pair_text(const Program& program, const isl::union_map& pairs, std::string* parameters);

// Where `steps` (a student's history) leaves `expected` (the reference's):
// the first step whose schedule no prefix of `expected` (nor the original)
// gives, among the steps that change the order of the instances or skew
// (a split or a tag keeps the order: another way to the same schedule may
// need it, so it is never blamed; a skew keeps the order too, but its factor
// shapes every tile after it). "step 2 (S0.skew(t, i, 2)) is where your
// schedule leaves the expected one"; "" when no such step leaves it.
std::string first_step_off_course(const isl::schedule& original, const std::vector<AppliedCommand>& steps,
                                  const std::vector<AppliedCommand>& expected);

}  // namespace loopscape
