// SPDX-License-Identifier: Apache-2.0
#pragma once
// A readable account of a loaded program, for `loopscape-cli info` and the app.
#include <string>

#include "loading/load_program.h"

namespace loopscape {

std::string describe_access(const Statement& statement, int access_index);
std::string describe_dependence(const Program& program, const Dependence& dependence);
std::string program_report(const LoadedProgram& loaded);

}  // namespace loopscape
