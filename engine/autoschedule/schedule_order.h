// SPDX-License-Identifier: Apache-2.0
#pragma once
// Whether two schedules run every pair of statement instances in the same order.
#include <isl/cpp.h>

#include <string>

#include "model/program.h"

namespace loopscape {

struct OrderComparison {
  bool same = false;
  std::string note;  // why not, or that it could not be decided within the isl quota
};

// Compares the "runs before" relations { a -> b : a before b } of the two
// schedules on the program's instances. Under the program's isl quota; a
// quota overrun is reported in `note`, not thrown.
OrderComparison compare_order(const Program& program, const isl::schedule& a, const isl::schedule& b);

}  // namespace loopscape
