// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layer III for the printers: the data layout a schedule records
// (schedule/data_layout.h) applied to the statements code is printed from.
//   store_in / storage_fold  the statement's write, and every read of the
//                            values it stores, go to the new place;
//   inline                   every read of the statement's value becomes its
//                            expression, and the statement leaves the schedule.
#include <isl/cpp.h>

#include <optional>

#include "model/program.h"

namespace loopscape {

struct LaidOutProgram {
  Program program;
  isl::schedule schedule;
  // The dependences between the statements that remain: through an inlined
  // statement, its sources now reach its readers directly.
  std::optional<isl::union_map> dependences;
};

// nullopt when the schedule records no data layout (print program and
// schedule as they are). Throws InputError when a recorded layout cannot be
// expressed (the commands refuse such layouts before they are recorded).
std::optional<LaidOutProgram> apply_data_layout(const Program& program, const isl::schedule& schedule,
                                                const std::optional<isl::union_map>& dependences = std::nullopt);

}  // namespace loopscape
