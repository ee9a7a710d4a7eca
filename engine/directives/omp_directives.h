// SPDX-License-Identifier: Apache-2.0
#pragma once
// A session's steps as OpenMP 6.0 loop-transformation directives on the
// user's own loops: the C file as the user wrote it, with `#pragma omp tile
// sizes(...)`, `interchange`, `reverse`, `unroll partial(...)`, `parallel
// for` and `simd` added above the loops the steps transform. A compiler
// applies these directives without checking any dependence; Loopscape's
// legality check is the proof, so each directive comes with a comment naming
// the step that made it and the dependences that step was checked against.
//
// The directives are those clang 19 accepts with -fopenmp-version=60 (it has
// no `fuse`, `stripe` or interchange `permutation`): a step maps to one when
// it transforms the outermost loop of a perfect nest of the source (or the
// outermost loop an earlier directive made there), and
//   tile(L1, L2[, L3], sizes)      -> tile sizes(sizes)      (consecutive loops)
//   split(L, s, Lo, Li)            -> tile sizes(s)
//   interchange(L1, L2)            -> interchange            (the two outermost)
//   loop_reversal(L)               -> reverse
//   unroll(L, f)                   -> unroll partial(f)
//   parallelize(L)                 -> parallel for
//   vectorize(L, w)                -> simd simdlen(w)
//   sequential(L)                  -> nothing (no directive is the sequential loop)
// Every other step (skew, shift, fusion, distribution, wavefronts, storage
// and hardware mappings) has no directive: the export names each such step
// and refuses, and the generated code (emit --target openmp) is the way out.
#include <cstdint>
#include <string>
#include <vector>

#include "session/session.h"

namespace loopscape {

// The Code dock's tab of the export (not a target of the registry: it prints
// the user's file, not the loop AST).
inline constexpr const char* kOmpDirectivesCode = "omp-directives";

struct DirectiveStep {
  std::size_t step = 0;      // 1-based, in the session's history
  std::string call;          // "S1.tile(i, j, 32, 32)"
  std::string directive;     // "tile sizes(32, 32)"; empty: none needed
  std::string reason;        // why there is no directive, when `directive` is empty and the step is refused
};

struct DirectiveExport {
  std::string text;                 // the user's file with the directives
  std::vector<DirectiveStep> steps;  // one per step of the history
};

// The steps that have no directive (empty when the export can be written).
// `steps`: the first ones of the history only (the window's step in view).
std::vector<DirectiveStep> steps_without_directive(const Session& session, std::size_t steps = SIZE_MAX);

// The user's file with a directive for each step. Throws InputError naming
// every step without a directive (and why), or a program that is not a C file
// of its own loops (a rendering, a C++ program).
DirectiveExport export_omp_directives(const Session& session, std::size_t steps = SIZE_MAX);

}  // namespace loopscape
