// SPDX-License-Identifier: Apache-2.0
#pragma once
// Strip-mining consecutive loops of a statement: the engine of split and tile.
#include <string>
#include <vector>

#include "commands/transform_support.h"

namespace loopscape {

// Loops `loops` (consecutive, outermost first) of `statement` become
// floor(L/size) loops followed by L mod size loops, named `names`
// (outer names first, then inner ones; defaults L0..., L1... when empty).
// The loops must be perfectly nested; bands between them are merged.
CommandOutcome strip_mine(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule,
                          const std::vector<std::size_t>& loop_args, const std::vector<std::size_t>& size_args,
                          const std::vector<std::size_t>& name_args, const std::string& verb);

}  // namespace loopscape
