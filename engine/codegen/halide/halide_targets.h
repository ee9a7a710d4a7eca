// SPDX-License-Identifier: Apache-2.0
#pragma once
// --target halide, halide-stmt, halide-ptx: the schedule lowered to Halide IR and compiled by LLVM.
#include <memory>

#include "codegen/common/target.h"

namespace loopscape {

std::unique_ptr<Target> make_halide_stmt_target();
std::unique_ptr<Target> make_halide_target();
std::unique_ptr<Target> make_halide_ptx_target();

}  // namespace loopscape
