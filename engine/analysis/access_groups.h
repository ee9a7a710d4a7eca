// SPDX-License-Identifier: Apache-2.0
#pragma once
// Accesses that may touch the same array element, grouped so that dataflow can
// run per group: a dependence, a killing write and a reaching write all touch
// the element of the access they concern, so a group's dataflow needs nothing
// from another group. A nest of many statements that each write their own
// array (or their own slice of one) then costs a small analysis per group, not
// one over every pair of accesses in the program.
#include <vector>

#include "model/program.h"

namespace loopscape {

struct AccessRef {
  int statement = 0;  // index in Program::statements
  int access = 0;     // index in Statement::accesses
};

struct AccessGroups {
  // Each holds at least one write; together with `unwritten_reads` they hold
  // every access once.
  std::vector<std::vector<AccessRef>> with_writes;
  // Reads of elements no access writes: live-in, and in no dependence.
  std::vector<AccessRef> unwritten_reads;
};

// Two accesses join a group when one of them writes and the elements they
// touch (for some parameter values in the program's context) intersect.
AccessGroups group_overlapping_accesses(const Program& program);

}  // namespace loopscape
