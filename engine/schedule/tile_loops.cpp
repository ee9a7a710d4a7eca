// SPDX-License-Identifier: Apache-2.0
#include "schedule/tile_loops.h"

#include <isl/set.h>
#include <isl/val.h>

namespace loopscape {

namespace {

bool has_nonzero(isl_aff* aff, isl_dim_type type) {
  const isl_size n = isl_aff_dim(aff, type);
  for (int k = 0; k < n; ++k) {
    isl_val* c = isl_aff_get_coefficient_val(aff, type, k);
    const bool nonzero = !isl_val_is_zero(c);
    isl_val_free(c);
    if (nonzero) return true;
  }
  return false;
}

}  // namespace

bool walks_tiles(isl_union_pw_aff* member) {
  bool tiles = false;
  isl_union_pw_aff_foreach_pw_aff(
      member,
      [](isl_pw_aff* pa, void* user) {
        isl_pw_aff_foreach_piece(
            pa,
            [](isl_set* set, isl_aff* aff, void* found) {
              if (has_nonzero(aff, isl_dim_div) && !has_nonzero(aff, isl_dim_in)) *static_cast<bool*>(found) = true;
              isl_set_free(set);
              isl_aff_free(aff);
              return isl_stat_ok;
            },
            user);
        isl_pw_aff_free(pa);
        return isl_stat_ok;
      },
      &tiles);
  return tiles;
}

}  // namespace loopscape
