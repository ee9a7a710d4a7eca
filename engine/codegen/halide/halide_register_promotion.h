// SPDX-License-Identifier: Apache-2.0
#pragma once
// Keeping a reduction's accumulator in registers across the loop that
// reduces, in the Halide IR of the CPU path. Halide's own lowering never needs
// this (its update definitions reduce into a Func it allocates), but the
// lowered loop AST stores into the program's arrays at every iteration, and
// LLVM does not promote those stores when the loop body holds the guards of
// partial tiles: a register-blocked gemm then runs at a third of its speed.
#include <Halide.h>

namespace loopscape {

// A serial or parallel loop whose whole body is an if (a chain of lets
// around it included) with a condition that does not change inside the loop
// becomes an if around two copies of the loop (loop unswitching), innermost
// loops first, so that a partial-tile guard ends up above the loops it
// guards.
Halide::Internal::Stmt hoist_invariant_conditions(const Halide::Internal::Stmt& s);

// In a serial loop, an array element (or vector of consecutive elements) at a
// loop-invariant index that the body writes, touches in every iteration, and
// no other access of the body can overlap, is loaded into a stack temporary
// before the loop, used there and stored back after it. Distinct arrays are
// distinct objects (the polyhedral model already assumes it), so an access to
// another array cannot change it.
Halide::Internal::Stmt promote_invariant_accesses(const Halide::Internal::Stmt& s);

}  // namespace loopscape
