// SPDX-License-Identifier: Apache-2.0
#include "schedule/tile_loops.h"

#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <numeric>

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

namespace {

// Calls `f` with the expression of every piece of `member`.
void for_each_piece(isl_union_pw_aff* member, const std::function<void(isl_aff*)>& f) {
  isl_union_pw_aff_foreach_pw_aff(
      member,
      [](isl_pw_aff* pa, void* user) {
        isl_pw_aff_foreach_piece(
            pa,
            [](isl_set* set, isl_aff* aff, void* user) {
              (*static_cast<const std::function<void(isl_aff*)>*>(user))(aff);
              isl_set_free(set);
              isl_aff_free(aff);
              return isl_stat_ok;
            },
            user);
        isl_pw_aff_free(pa);
        return isl_stat_ok;
      },
      const_cast<std::function<void(isl_aff*)>*>(&f));
}

}  // namespace

bool walks_tiles(isl_union_pw_aff* member) {
  bool tiles = false;
  for_each_piece(member, [&](isl_aff* aff) {
    if (has_nonzero(aff, isl_dim_div) && !has_nonzero(aff, isl_dim_in)) tiles = true;
  });
  return tiles;
}

bool has_divisions(isl_union_pw_aff* member) {
  bool divisions = false;
  for_each_piece(member, [&](isl_aff* aff) { divisions = divisions || has_nonzero(aff, isl_dim_div); });
  return divisions;
}

long tile_stride(isl_union_pw_aff* member) {
  long stride = 0;
  for_each_piece(member, [&](isl_aff* aff) {
    long here = 1;
    if (isl_aff_dim(aff, isl_dim_div) == 1 && !has_nonzero(aff, isl_dim_in)) {
      isl_val* c = isl_aff_get_coefficient_val(aff, isl_dim_div, 0);
      if (isl_val_is_int(c) == isl_bool_true) here = std::max(1L, std::labs(isl_val_get_num_si(c)));
      isl_val_free(c);
    }
    stride = std::gcd(stride, here);
  });
  return stride > 0 ? stride : 1;
}

}  // namespace loopscape
