// SPDX-License-Identifier: Apache-2.0
#pragma once
// after / before / then: `moving` placed relative to the statement `anchor` names.
#include "commands/transform_support.h"

namespace loopscape {

CommandOutcome order_statements(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule,
                                const Statement& moving, const CommandArgument& anchor,
                                const CommandArgument& level, bool after,
                                const std::vector<long>& moving_shifts = {});

}  // namespace loopscape
