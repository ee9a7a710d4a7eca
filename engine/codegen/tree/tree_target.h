// SPDX-License-Identifier: Apache-2.0
#pragma once
// --target tree: the schedule tree as isl prints it.
#include <memory>

#include "codegen/common/target.h"

namespace loopscape {

std::unique_ptr<Target> make_tree_target();

}  // namespace loopscape
