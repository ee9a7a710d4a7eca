#pragma once
// isl's scheduler on the program's exact dependences, with Pluto-like options.
#include <isl/cpp.h>

#include "pipeline/pipeline.h"

namespace loopscape {

// A schedule for every statement instance: validity = every RAW, WAR and WAW
// dependence, proximity = RAW (locality), coincidence = validity (so the
// outer band members isl marks coincident are parallel loops). isl is asked
// for outer coincidence (outer parallelism first) and the deepest permutable
// (tileable) bands. Runs under the program's isl quota (IslError).
isl::schedule compute_isl_schedule(const LoadedProgram& loaded);

}  // namespace loopscape
