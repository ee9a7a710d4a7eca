// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which members of a band walk tiles and which walk the points inside them.
#include <isl/aff.h>

namespace loopscape {

// A member that walks tiles: some piece of it is made of integer divisions of
// the loops alone (floor(t/16), floor(t/16) + floor((2t + i)/64)), not a loop
// itself (t mod 16 is t - 16 floor(t/16): a point loop).
bool walks_tiles(isl_union_pw_aff* member);

// Whether some piece of `member` has a floor division (a tile or a point loop).
bool has_divisions(isl_union_pw_aff* member);

// The distance between the values of a tile loop: c where every piece is
// c * floor(e / s) + d (isl's tiling scales its tile loops so), else 1.
long tile_stride(isl_union_pw_aff* member);

}  // namespace loopscape
