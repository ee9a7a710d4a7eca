// SPDX-License-Identifier: Apache-2.0
#pragma once
// isl's scheduler on the program's exact dependences, with Pluto-like options.
#include <isl/cpp.h>

#include "loading/load_program.h"

namespace loopscape {

// What isl's scheduler puts first.
enum class SchedulerGoal {
  OuterParallelism,  // parallel outer loops first (Pluto's outer parallelism)
  Locality,          // fused, skewed time loops of stencils, as Pluto's
  SeparateNests,     // outer parallelism, each strongly connected component its own nest (no fusion)
};

// A schedule for every statement instance: validity = every RAW, WAR and WAW
// dependence, proximity = RAW (locality), coincidence = validity (so the band
// members isl marks coincident are parallel loops), the deepest permutable
// (tileable) bands, with `goal` first.
// Runs under the program's isl quota (IslError).
isl::schedule compute_isl_schedule(const LoadedProgram& loaded, SchedulerGoal goal);

}  // namespace loopscape
