// SPDX-License-Identifier: Apache-2.0
#pragma once
// Whether the inlined statements (schedule/data_layout.h) still compute the
// same values under a schedule: the reader recomputes an inlined statement's
// expression when it runs, so nothing may overwrite what that expression
// reads between the time the statement had in the schedule and the read.
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

// One message per problem, with concrete instances; empty when every
// inlining holds. The session checks it after each command, since a later
// reordering can break an inlining that was exact when it was made.
// Throws IslError at the quota.
std::vector<std::string> check_inlinings(const Program& program, const isl::schedule& schedule);

}  // namespace loopscape
