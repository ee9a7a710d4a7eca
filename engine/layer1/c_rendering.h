// SPDX-License-Identifier: Apache-2.0
#pragma once
// The C file that stands for a Tiramisu function: a C function with the
// constants as int arguments, the input and output buffers as array
// arguments, the temporaries as local arrays, and the scop region holding
// the original loops. The runner compiles it as the original program; the C
// front-end reads it back into the same model.
#include <string>

#include "layer1/layer1_data.h"
#include "loading/load_program.h"

namespace loopscape::tiramisu::detail {

// The file with an empty region (`#pragma scop` / `#pragma endscop`), and
// sets program.region (function, offsets, lines) to it.
std::string c_skeleton(const FunctionData& f, Program& program);

// Fills the region with the C code of the original schedule and sets
// program.source_text and program.region to the result.
void render_original_loops(LoadedProgram& loaded);

}  // namespace loopscape::tiramisu::detail
