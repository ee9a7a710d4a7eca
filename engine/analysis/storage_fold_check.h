// SPDX-License-Identifier: Apache-2.0
#pragma once
// Whether the storage folds recorded in a schedule (schedule/data_layout.h)
// still keep every value until it is read.
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "model/program.h"

namespace loopscape {

// Exact check of every recorded fold against the schedule: after folding, no
// instance of the statement may overwrite an element between a write and a
// read of the value that write stored (RAW dependences from the statement).
// One message per problem, with concrete instances ("" none). The session can
// call it after each command, since a later reordering can break a fold that
// was legal when it was made. Throws IslError at the quota.
std::vector<std::string> check_storage_folds(const Program& program, const Dependences& dependences,
                                             const isl::schedule& schedule);

}  // namespace loopscape
