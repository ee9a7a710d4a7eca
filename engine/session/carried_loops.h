// SPDX-License-Identifier: Apache-2.0
#pragma once
// Each statement's loops in a schedule and the dependences each carries:
// what makes two lines of work differ beyond their code (a loop one of them
// frees for parallel threads, a reduction the other moved inward). The
// Compare Variants view sets them side by side.
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "model/program.h"

namespace loopscape {

struct CarriedLoop {
  std::string statement;
  std::string loop;      // its name ("" for a member no command names)
  int carried = 0;       // dependences the loop carries (0: its iterations are independent)
  std::string first;     // the first of them: "RAW S1 -> S1 on C"
  std::string text() const;  // "S1 k1: carries 2 (RAW S1 -> S1 on C, ...)", "S1 i0: carries none"
};

// Statement by statement, outermost loop first. Throws IslError at the quota.
std::vector<CarriedLoop> carried_loops(const Program& program, const Dependences& dependences,
                                       const isl::schedule& schedule);

}  // namespace loopscape
