// SPDX-License-Identifier: Apache-2.0
#pragma once
// C's arithmetic in Halide's PTX kernels. Halide 14's PTX back-end lets LLVM
// fuse a * b + c into fma.rn whatever the module's strict_float says (its
// inject_gpu_offload takes no strict flag), and gcc's C does not fuse: on an
// ill-conditioned kernel (gramschmidt) the GPU's results then differ far past
// any tolerance. Each fma.rn becomes mul.rn then add.rn, which ptxas may not
// fuse again (an explicit rounding mode forbids it).
#include <string>

#include <Halide.h>

namespace loopscape {

// The PTX with every fma.rn{.ftz}.f32/.f64 split into mul.rn and add.rn
// through a register of its own scope.
std::string split_ptx_fmas(const std::string& ptx);

// The lowered host code with its embedded kernel source (the buffer named
// *_gpu_source_kernels, and the size passed to halide_*_initialize_kernels)
// replaced by `source`, byte for byte (the PTX and its terminating NULs).
Halide::Internal::Stmt with_gpu_source(const Halide::Internal::Stmt& s, const std::string& source);

}  // namespace loopscape
