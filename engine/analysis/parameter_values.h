// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small parameter values a program can be evaluated at: plots, checks at
// small sizes, and runs where the user gave none.
#include <map>
#include <string>

#include "model/program.h"

namespace loopscape {

// Small values for every parameter that satisfy the program's context:
// `preferred` when it does, else the smallest value >= 0 that does (or 0).
std::map<std::string, long> default_parameter_values(const Program& program, long preferred = 8);

}  // namespace loopscape
