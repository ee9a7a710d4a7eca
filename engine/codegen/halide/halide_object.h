// SPDX-License-Identifier: Apache-2.0
#pragma once
// The halide target's object file: the schedule lowered to Halide IR
// (codegen/halide/halide_lowering.h) and compiled by Halide's LLVM back-end, with the
// Halide runtime inside, for the host (and PTX kernels for loops tagged gpu). `emit --target halide -o F.c` writes
// F.halide.o and F.halide.h beside F.c; F.c calls the function in place of
// its region, so `gcc F.c F.halide.o -lpthread -ldl` builds it.
// This header keeps Halide.h out of its users.
#include <isl/cpp.h>

#include <string>

#include "codegen/common/target.h"
#include "model/program.h"

namespace loopscape {

// The name of the function the halide target's code calls.
inline constexpr const char* kHalideFunction = "loopscape_halide_region";

// "dir/out.c" -> "dir/out.halide.o" (and ".halide.h" for the header).
std::string halide_object_path(const std::string& emitted_file);
std::string halide_header_path(const std::string& emitted_file);

// Compiles the schedule into `object_path` and its C header into
// `header_path`. Loops tagged for the GPU become CUDA kernels whose PTX the
// object carries; returns whether there are any. `contract_fma`: see
// HalideLoweringOptions (codegen/halide/halide_lowering.h).
bool write_halide_object(const Program& program, const isl::schedule& schedule, const std::string& object_path,
                         const std::string& header_path, bool contract_fma = false);

// The halide target's side files for `emitted_file`: the object and its
// header beside it (halide_object_path, halide_header_path), with what
// building the emitted file needs: the object, Halide's runtime libraries,
// and HalideRuntime.h and a CUDA device when there are kernels.
SideFiles write_halide_side_files(const Program& program, const isl::schedule& schedule,
                                  const std::string& emitted_file, bool contract_fma);

}  // namespace loopscape
