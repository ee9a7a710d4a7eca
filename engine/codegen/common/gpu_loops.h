// SPDX-License-Identifier: Apache-2.0
#pragma once
// Loops of the loop AST tagged for the GPU (gpu_block / gpu_thread, from the
// gpu and tile_gpu commands): what the cuda and halide targets make kernels of.
#include "codegen/common/loop_ast.h"

namespace loopscape {

bool is_gpu_loop(const LoopNode& n);
// `n` or a loop below it is a GPU loop.
bool contains_gpu_loop(const LoopNode& n);

}  // namespace loopscape
