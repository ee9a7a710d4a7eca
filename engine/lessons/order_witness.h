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

// Where `steps` (a student's history) leaves `expected` (the reference's):
// the first step whose schedule no prefix of `expected` (nor the original)
// gives. "step 2 (S0.skew(t, i, 2)) is where your schedule leaves the
// expected one"; "" when every step stays on it.
std::string first_step_off_course(const isl::schedule& original, const std::vector<AppliedCommand>& steps,
                                  const std::vector<AppliedCommand>& expected);

}  // namespace loopscape
