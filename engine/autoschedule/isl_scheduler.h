// SPDX-License-Identifier: Apache-2.0
#pragma once
// isl's scheduler on the program's exact dependences, with Pluto-like options.
#include <isl/cpp.h>

#include "loading/load_program.h"

namespace loopscape {

// A schedule for every statement instance: validity = every RAW, WAR and WAW
// dependence, proximity = RAW (locality), coincidence = validity (so the band
// members isl marks coincident are parallel loops), the deepest permutable
// (tileable) bands. With `outer_parallelism`, isl keeps the outermost band
// members coincident when it can (parallel outer loops first); without,
// locality comes first (fused, skewed time loops of stencils, as Pluto's).
// Runs under the program's isl quota (IslError).
isl::schedule compute_isl_schedule(const LoadedProgram& loaded, bool outer_parallelism);

}  // namespace loopscape
