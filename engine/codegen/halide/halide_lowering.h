// SPDX-License-Identifier: Apache-2.0
#pragma once
// The loop AST of a schedule (codegen/common/loop_ast.h) as Halide IR: one Stmt of
// flat Loads and Stores on the region's arrays, run through the CPU part of
// Halide's own pass recipe (engine-notes §2.4), and a Halide::Module with one
// function that the LLVM back-end compiles (object file or JIT).
#include <isl/cpp.h>

#include <string>
#include <vector>

#include <Halide.h>

#include "model/program.h"

namespace loopscape {

class AstCache;

// One argument of the lowered function, in order: buffers are the region's
// arrays, passed as plain pointers to their first element (flat, row-major;
// written scalars by address), scalars are the integer parameters and the
// read-only outer variables, by value.
struct HalideArgument {
  std::string name;
  bool is_buffer = false;
  Halide::Type type;  // element type for a buffer
};

struct HalideLowering {
  std::string function_name;
  std::vector<HalideArgument> arguments;
  Halide::Internal::Stmt built;    // as built from the loop AST, before the passes
  Halide::Internal::Stmt lowered;  // after the passes, before kernels and parallel tasks are outlined
  Halide::Module module;
  bool gpu = false;         // loops tagged for the GPU became CUDA kernels; buffers are halide_buffer_t
  std::string device_code;  // with kernels: their PTX, as Halide's back-end wrote it
};

// A buffer argument in Tiramisu's calling convention: a halide_buffer_t* whose
// host pointer holds the array densely, row-major.
struct HalideBufferArgument {
  std::string name;
  std::string element_type;  // as C writes it
};

struct HalideLoweringOptions {
  std::string function_name = "loopscape_region";
  bool jit = false;  // for compiling into memory (the Run dock, loopscape-cli run)
  // Loops tagged gpu_block / gpu_thread become CUDA kernels compiled by
  // Halide's PTX back-end (the module's target gains CUDA); otherwise they
  // run as serial loops.
  bool allow_gpu = false;
  // False stops at `lowered` (no kernels compiled, an empty module): what
  // printers of the IR need.
  bool build_module = true;
  // C's semantics by default: no reassociation, no fused multiply-add. With
  // this, LLVM may fuse a * b + c into one FMA (as gcc -march=native does);
  // it still never reassociates.
  bool contract_fma = false;
  // Non-empty: Tiramisu's calling convention (layer1's codegen). The function
  // takes these arrays, in this order, each as a halide_buffer_t*, and nothing
  // else; the program's other arrays must be temporaries, allocated inside.
  std::vector<HalideBufferArgument> buffer_arguments = {};
  // The isl ASTs already built for the other targets of this schedule (null: build one).
  AstCache* cache = nullptr;
  // With `cache`: the schedule whose AST to print, when it is the schedule
  // with the OpenMP target's automatic parallel tags (which the lowering
  // ignores), so that every target prints one AST.
  const isl::schedule* ast_schedule = nullptr;
};

// Lowers `schedule` of `program` to Halide IR and a module for this
// machine. Throws InputError for a construct the lowering cannot express.
HalideLowering lower_to_halide(const Program& program, const isl::schedule& schedule,
                               const HalideLoweringOptions& options = {});

// The C type of an element type of the program ("double" -> Float(64)); throws for unknown ones.
Halide::Type halide_type_of(const std::string& c_type);

}  // namespace loopscape
