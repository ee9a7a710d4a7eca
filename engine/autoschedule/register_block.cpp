// SPDX-License-Identifier: Apache-2.0
#include "autoschedule/register_block.h"

#include <isl/aff.h>

#include <algorithm>

#include "autoschedule/spatial_locality.h"

namespace loopscape {

VectorRegisters host_vector_registers() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return {32, 64};
  if (__builtin_cpu_supports("avx")) return {16, 32};
#endif
  return {16, 16};
}

std::optional<VectorRegisters> vector_registers_named(const std::string& name) {
  if (name == "avx512") return VectorRegisters{32, 64};
  if (name == "avx2" || name == "avx") return VectorRegisters{16, 32};
  if (name == "sse") return VectorRegisters{16, 16};
  return std::nullopt;
}

RegisterBlock register_block_for(const VectorRegisters& registers, long element_bytes) {
  RegisterBlock best;
  best.lanes = static_cast<int>(std::max(1L, registers.bytes / std::max(1L, element_bytes)));
  double best_ratio = 0;
  for (int rows = 1; rows <= 8; ++rows)
    for (int vectors = 1; vectors <= 8; ++vectors) {
      if (rows * vectors + vectors + 1 > registers.count) continue;
      const double ratio = static_cast<double>(rows * vectors) / (rows + vectors);
      // Ties: more rows (one broadcast each serves every vector of the row).
      if (ratio > best_ratio + 1e-9 || (ratio > best_ratio - 1e-9 && rows > best.rows)) {
        best_ratio = ratio;
        best.rows = rows;
        best.vectors = vectors;
      }
    }
  return best;
}

bool is_multiply_accumulate(const Statement& s, int outer, int reduction, int inner) {
  if (s.guard || (s.assign_op != "=" && s.assign_op != "+=" && s.assign_op != "-=")) return false;
  const Access* write = nullptr;
  for (const Access& a : s.accesses)
    if (a.kind == Access::Kind::Write) {
      if (write || a.conditional) return false;
      write = &a;
    }
  const bool rows = outer >= 0;
  if (!write || !element_stays(*write, reduction) || (rows && element_stays(*write, outer)) ||
      !walks_consecutively(*write, inner))
    return false;
  bool broadcast = false, row_reuse = false, accumulates = s.assign_op != "=";
  for (const Access& a : s.accesses) {
    if (a.kind == Access::Kind::Write || a.conditional) continue;
    // The accumulated element itself, or another element of the result array: only the first is held.
    if (a.array == write->array) {
      if (!a.relation.is_equal(write->relation)) return false;
      accumulates = true;
      continue;
    }
    const bool stays = element_stays(a, inner);
    if (!stays && !walks_consecutively(a, inner)) return false;
    broadcast = broadcast || stays;
    row_reuse = row_reuse || (rows && element_stays(a, outer));
  }
  // `c[i][j] = d[i][j] + a[i][k] * b[k][j]` overwrites across k: no reduction to hold.
  return accumulates && broadcast && (row_reuse || !rows);
}

}  // namespace loopscape
