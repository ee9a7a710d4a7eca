// SPDX-License-Identifier: Apache-2.0
#pragma once
// The form of a schedule that isl's AST builder scans quickly.
//
// After a wavefront skew of tile loops, the commands leave the wavefront
// loop w in a band of its own above the band of the tile loop p and the
// point loops (parallelizing p puts a tag mark between them). isl then
// spends seconds to minutes building the AST (jacobi-2d's time tiling: 8 s);
// the same loops with w and p in one band take 40 ms and print the same
// code (bench/ast/schedule_forms.cpp, docs/design/ast-form.md).
#include <isl/cpp.h>

namespace loopscape {

// `schedule` with every band of tile loops (members with integer divisions)
// merged with the band directly below it, across the tag marks between them,
// which move above the merged band: tag marks name their loops by schedule
// depth, which merging keeps. Bands with other marks or nodes between them
// stay apart. The order of the instances is unchanged; only for isl's AST
// builder (the tree the user sees keeps its bands).
isl::schedule with_tile_bands_merged(const isl::schedule& schedule);

// `schedule` with the point loops of every tiled band (the members that do
// not walk tiles, schedule/tile_loops.h) marked `separate` for isl's AST
// builder, unless a command chose their loop type: the tiles the domain's
// edges cut get loops of their own, and the inner loops of the others run
// without guards, as Pluto's and PPCG's do. Pluto's jacobi-2d-imper tiling
// made by commands: 1.4 s with the guards in the innermost loop, 0.27-0.40 s
// separated (Pluto's own listing 0.24 s; bench/pluto_compare.sh).
isl::schedule with_point_loops_separated(const isl::schedule& schedule);

}  // namespace loopscape
