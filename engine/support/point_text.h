// SPDX-License-Identifier: Apache-2.0
#pragma once
// Concrete isl points as reports write them: "S0[2, 5]", "n = 4, m = 3".
#include <isl/cpp.h>

#include <string>
#include <vector>

namespace loopscape {

// `name` and the set coordinates first .. first + count - 1 of `point`: "S0[2, 5]".
std::string point_tuple(const isl::point& point, const std::string& name, int first, int count);

// The parameter values of `point`, named in `parameters` order: "n = 4, m = 3" ("" when none).
std::string point_parameters(const isl::point& point, const std::vector<std::string>& parameters);

}  // namespace loopscape
