// SPDX-License-Identifier: Apache-2.0
#pragma once
// Register tiles for the C printers: a loop L whose body is a nest of
// unrolled or vectorised point loops (a full tile has a constant number of
// points) around statements that update one element per point, the same
// element in every iteration of L (C[i][j] across gemm's k). In a full tile
// those elements live in a small local array, loaded before L and stored
// after it, so that gcc keeps them in vector registers across L (no store can
// alias a local that never escapes); partial tiles keep the original code.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "codegen/common/loop_ast.h"

namespace loopscape {

struct CRegisterTile {
  struct PointLoop {
    const LoopNode* loop = nullptr;
    ExprPtr lower;     // the first point (the loop's init)
    long extent = 0;   // points in a full tile
  };
  struct Accumulator {
    std::string array;  // the program's array
    std::string name;   // the local array that holds its elements
    std::string element_type;
    ExprPtr access;     // the array's access in the statements (one per point)
  };
  // True when every point loop has its full extent and L runs at least once
  // (null: always).
  ExprPtr full_tile;
  std::vector<PointLoop> points;  // outermost first
  std::vector<Accumulator> accumulators;

  // The accumulator element of the current point for `access` to `a.array`.
  ExprPtr element(const Accumulator& a) const;
  // The bound condition of a point loop in the full tile: `p < lower + extent`.
  ExprPtr full_condition(const PointLoop& p) const;
  const PointLoop* point_of(const LoopNode& loop) const;
  const Accumulator* accumulator_of(const std::string& array) const;
};

// The register tile of `loop` (L above), or nullopt when `loop` is none:
// its body is not such a nest, a written array is accessed at more than one
// element per point or at an element that depends on L, a point's bounds
// depend on L, or the tile would be larger than registers can hold.
// `taken` holds the identifiers in use; the accumulators' names avoid them.
std::optional<CRegisterTile> plan_c_register_tile(const Program& program, const LoopNode& loop,
                                                  const std::set<std::string>& taken);

}  // namespace loopscape
