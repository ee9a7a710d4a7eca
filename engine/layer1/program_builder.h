// SPDX-License-Identifier: Apache-2.0
#pragma once
// A Tiramisu function (api/tiramisu.h) as the engine's program model.
#include "layer1/layer1_data.h"

namespace loopscape::tiramisu::detail {

// The Program the function defines, analysed (original schedule and
// dependences), its source_text the C rendering (layer1/c_rendering.h).
// Throws InputError at the user's C++ line for what cannot be built.
LoadedProgram build_loaded_program(const FunctionData& f);

}  // namespace loopscape::tiramisu::detail
