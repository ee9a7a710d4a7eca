// SPDX-License-Identifier: Apache-2.0
#pragma once
// --target c and --target openmp: sequential C, and C with OpenMP pragmas.
#include <memory>

#include "codegen/common/target.h"

namespace loopscape {

std::unique_ptr<Target> make_c_target();
std::unique_ptr<Target> make_openmp_target();

}  // namespace loopscape
