// SPDX-License-Identifier: Apache-2.0
#pragma once
// --target hls: HLS C++ for FPGAs (pipelines, systolic arrays).
#include <memory>

#include "codegen/common/target.h"

namespace loopscape {

std::unique_ptr<Target> make_hls_target();

}  // namespace loopscape
