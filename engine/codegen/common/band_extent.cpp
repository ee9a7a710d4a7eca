// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/band_extent.h"

#include <isl/aff.h>
#include <isl/schedule_node.h>
#include <isl/val.h>

#include "codegen/common/c_printer.h"
#include "codegen/common/loop_ast.h"

namespace loopscape {

isl::pw_aff band_member_extent(const Program& program, const isl::schedule_node& band, int member) {
  const isl::union_set domain = isl::manage(isl_schedule_node_get_domain(band.get()));
  const isl::multi_union_pw_aff partial = isl::manage(isl_schedule_node_band_get_partial_schedule(band.get()));
  const isl::union_set values = domain.apply(isl::union_map::from(isl::multi_union_pw_aff(partial.at(member))));
  isl::set set;
  values.foreach_set([&](isl::set v) { set = set.is_null() ? v : set.unite(v); });
  if (set.is_null() || set.is_empty())
    return isl::manage(isl_pw_aff_zero_on_domain(isl_local_space_from_space(
        isl_space_params(isl_union_set_get_space(domain.get())))));
  const isl::pw_aff lo = isl::manage(isl_set_dim_min(set.copy(), 0));
  const isl::pw_aff hi = isl::manage(isl_set_dim_max(set.copy(), 0));
  return hi.sub(lo).add(isl::manage(isl_pw_aff_val_on_domain(isl_set_params(set.copy()), isl_val_one(program.ctx().get()))))
      .coalesce();
}

std::string band_member_extent_text(const Program& program, const isl::schedule_node& band, int member) {
  return print_c_expr(*expr_from_pw_aff(program, band_member_extent(program, band, member)));
}

}  // namespace loopscape
