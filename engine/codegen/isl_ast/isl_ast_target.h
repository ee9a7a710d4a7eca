// SPDX-License-Identifier: Apache-2.0
#pragma once
// --target isl-ast: the AST isl builds for the schedule, as isl prints it.
#include <memory>

#include "codegen/common/target.h"

namespace loopscape {

std::unique_ptr<Target> make_isl_ast_target();

}  // namespace loopscape
