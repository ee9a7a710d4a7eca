// SPDX-License-Identifier: Apache-2.0
#pragma once
// How many values a band member takes over the instances that reach it
// (max - min + 1, a function of the parameters): the PEs of a space loop,
// the steps of a time loop, the blocks of a GPU loop.
#include <isl/cpp.h>

#include <string>

#include "model/program.h"

namespace loopscape {

isl::pw_aff band_member_extent(const Program& program, const isl::schedule_node& band, int member);

// The same as C text: a number when the sizes are constants.
std::string band_member_extent_text(const Program& program, const isl::schedule_node& band, int member);

}  // namespace loopscape
