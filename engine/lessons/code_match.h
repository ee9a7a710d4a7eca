// SPDX-License-Identifier: Apache-2.0
#pragma once
// Two listings of generated code compared as a reader would: the same tokens
// in the same order, where the loops' iterators may carry other names (one
// name for one name throughout). For match-the-target exercises.
#include <string>

namespace loopscape {

// "" when they match; else where they first differ: "line 3 of your code,
// `for (int c2 = 0; ...)`, differs from line 3 of the target, `...`".
std::string code_difference(const std::string& yours, const std::string& target);

}  // namespace loopscape
