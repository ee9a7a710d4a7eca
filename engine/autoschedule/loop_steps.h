// SPDX-License-Identifier: Apache-2.0
#pragma once
// One statement's loops brought to isl's: shifts, interchanges, reversals and
// skews (see unimodular.h), each applied and checked as it is chosen.
#include "autoschedule/plan_work.h"
#include "autoschedule/unimodular.h"

namespace loopscape::autoschedule {

// T and the offset difference with target = T * current + difference.
struct Difference {
  IntMatrix t;
  std::vector<long> offset;
};
// NotExpressible when the loops differ in number or by no unimodular transform.
Difference difference(const StatementLayout& current, const StatementLayout& target);
bool is_identity(const IntMatrix& t);

// Shifts first (in the current loops), so that statements isl fuses can share loops legally.
void shift_towards(Work& w, const Target& target, const std::string& statement);
// Interchanges, reversals, skews and shifts until the statement's loops are isl's.
void transform_towards(Work& w, const Target& target, const std::string& statement);

}  // namespace loopscape::autoschedule
