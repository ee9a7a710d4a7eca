// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/schedule_order.h"

#include <isl/union_map.h>

#include "support/error.h"

namespace loopscape {
namespace {

isl::union_map runs_before(const Program& program, const isl::schedule& s) {
  // A computed schedule's map is the bare function: keep it to the schedule's instances.
  const isl::union_map m = s.get_map().intersect_domain(s.get_domain()).intersect_params(program.context);
  return isl::manage(isl_union_map_lex_lt_union_map(m.copy(), m.copy()));
}

}  // namespace

OrderComparison compare_order(const Program& program, const isl::schedule& a, const isl::schedule& b) {
  OrderComparison out;
  try {
    program.isl().bounded("comparing the order of two schedules", [&] {
      out.same = runs_before(program, a).is_equal(runs_before(program, b));
    });
    if (!out.same) out.note = "some independent instances run in another order than in isl's schedule";
  } catch (const IslError& e) {
    out.note = std::string("the order was not compared: ") + e.what();
  }
  return out;
}

}  // namespace loopscape
