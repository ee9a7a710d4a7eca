// SPDX-License-Identifier: Apache-2.0
#pragma once
// --target cuda: CUDA kernels for loops tagged gpu_block/gpu_thread.
#include <memory>

#include "codegen/common/target.h"

namespace loopscape {

std::unique_ptr<Target> make_cuda_target();

}  // namespace loopscape
