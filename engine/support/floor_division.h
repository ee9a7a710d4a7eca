// SPDX-License-Identifier: Apache-2.0
#pragma once
// Integer division rounding toward minus infinity, as isl's floor(a/b):
// C++'s `/` rounds toward zero.

namespace loopscape {

constexpr long floor_div(long a, long b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

}  // namespace loopscape
