// SPDX-License-Identifier: Apache-2.0
#pragma once
// Register blocks for multiply-accumulate statements (gemm's
// C[i][j] += alpha * A[i][k] * B[k][j]): inside a tile, a block of R rows by
// V vectors of the result stays in vector registers for a whole slice of the
// reduction loop, so each step of it is R x V vector multiply-adds for V
// vector loads and R broadcasts. Sized for the machine's vector registers.
#include <optional>
#include <string>

#include "model/program.h"

namespace loopscape {

struct VectorRegisters {
  int count = 16;  // architectural vector registers
  int bytes = 32;  // bytes in one
};

// What the machine this runs on has (the generated code is built with
// -march=native on it): AVX-512 32 x 64 bytes, AVX 16 x 32, else 16 x 16.
VectorRegisters host_vector_registers();
// "avx512", "avx2" (16 x 32 bytes, also AVX) or "sse" (16 x 16); nullopt for another name.
std::optional<VectorRegisters> vector_registers_named(const std::string& name);

struct RegisterBlock {
  int rows = 1;     // R: unrolled rows of the result
  int vectors = 1;  // V: vector registers per row
  int lanes = 1;    // elements in one register
  int columns() const { return vectors * lanes; }
};

// The block with most multiply-adds per load, R x V / (R + V), among those whose
// R x V accumulators, V loads and one broadcast fit the registers
// (AVX-512 doubles: 5 x 5 of 8; AVX2: 4 x 3 of 4).
RegisterBlock register_block_for(const VectorRegisters& registers, long element_bytes);

// Whether s, under loops over iterators `outer` (rows), `reduction` and
// `inner` (innermost, the vector) in that order, accumulates into one
// element per (outer, inner) from reads that either stay along `inner`
// (broadcast) or walk it with unit stride along their last subscript, with a
// read that stays along `inner` and one that stays along `outer` (the reuse
// a register block exploits). Unguarded `=`, `+=` or `-=` (`c[i][j] =
// c[i][j] + a[i][k] * b[k][j]` as well as `C[i][j] += ...`).
// `outer` < 0: a block of one row, a vector of the result held across the
// reduction (doitgen's sum[p] += A[r][q][s] * C4[s][p] across s); no row reuse
// is asked for.
bool is_multiply_accumulate(const Statement& s, int outer, int reduction, int inner);

}  // namespace loopscape
