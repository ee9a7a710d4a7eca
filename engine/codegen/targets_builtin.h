// SPDX-License-Identifier: Apache-2.0
#pragma once
// The targets built into the engine (one file each: target_*.cpp).
#include <memory>
#include <vector>

#include "codegen/target.h"

namespace loopscape {

std::unique_ptr<Target> make_tree_target();     // target_tree.cpp
std::unique_ptr<Target> make_isl_ast_target();  // target_isl_ast.cpp
std::unique_ptr<Target> make_c_target();        // target_c.cpp
std::unique_ptr<Target> make_openmp_target();   // target_c.cpp
std::unique_ptr<Target> make_mpi_target();      // target_mpi.cpp
std::unique_ptr<Target> make_hls_target();      // target_hls.cpp
std::unique_ptr<Target> make_cuda_target();     // target_cuda.cpp
std::unique_ptr<Target> make_halide_stmt_target();  // target_halide.cpp
std::unique_ptr<Target> make_halide_target();       // target_halide.cpp
std::unique_ptr<Target> make_halide_ptx_target();   // target_halide.cpp

std::vector<std::unique_ptr<Target>> builtin_targets();

}  // namespace loopscape
