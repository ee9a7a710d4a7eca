// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by store_in and storage_fold: moving the values a statement stores
// to another place is exact only when no code after the region can see the
// old or the new place, and when nothing else is stored there.
#include <string>

#include "model/program.h"

namespace loopscape {

// Throws InputError at `where` unless moving the values `s` stores into
// `buffer` is exact: the array s writes and `buffer` are temporaries
// (model/program.h), no other statement uses `buffer` (or, when it is s's own
// array, writes it), and every read of s's values sees them for all of its
// instances, through one affine function of its loops. `what` names the
// command in messages ("storing S0 in T").
// Why no value of `statement` can move at all (for menus: store_in,
// storage_fold), "" when its array is a temporary. Cheap: the program only.
std::string values_cannot_move(const Program& program, const std::string& statement);

void require_relocatable(const Program& program, const Statement& s, const std::string& buffer,
                         const SourceLocation& where, const std::string& what);

}  // namespace loopscape
