// SPDX-License-Identifier: Apache-2.0
#include "frontend/isl_build.h"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

#include <vector>

namespace loopscape::frontend_detail {

isl::set universe_set(isl::ctx ctx, unsigned dims) {
  return isl::manage(isl_set_universe(isl_space_set_alloc(ctx.get(), 0, dims)));
}

isl::set add_named_dim(const isl::set& set, const std::string& name) {
  const isl_size n = isl_set_dim(set.get(), isl_dim_set);
  isl_set* r = isl_set_add_dims(set.copy(), isl_dim_set, 1);
  r = isl_set_set_dim_id(r, isl_dim_set, static_cast<unsigned>(n),
                         isl_id_alloc(isl_set_get_ctx(set.get()), name.c_str(), nullptr));
  return isl::manage(r);
}

isl::set project_out_last(const isl::set& set) {
  const isl_size n = isl_set_dim(set.get(), isl_dim_set);
  return isl::manage(isl_set_project_out(set.copy(), isl_dim_set, static_cast<unsigned>(n - 1), 1));
}

isl::set set_tuple_name(const isl::set& set, const std::string& name) {
  return isl::manage(isl_set_set_tuple_name(set.copy(), name.c_str()));
}

isl::map set_range_name(const isl::map& map, const std::string& name) {
  return isl::manage(isl_map_set_tuple_name(map.copy(), isl_dim_out, name.c_str()));
}

isl::pw_aff constant_on(const isl::space& space, const isl::val& v) {
  return isl::manage(isl_pw_aff_val_on_domain(isl_set_universe(space.copy()), v.copy()));
}

isl::pw_aff constant_on(const isl::space& space, long v) {
  return constant_on(space, isl::val(space.ctx(), v));
}

isl::pw_aff variable_on(const isl::space& space, unsigned pos) {
  return isl::manage(
      isl_pw_aff_var_on_domain(isl_local_space_from_space(space.copy()), isl_dim_set, pos));
}

isl::pw_aff parameter_on(const isl::space& space, const std::string& name) {
  isl_ctx* ctx = isl_space_get_ctx(space.get());
  isl_id* id = isl_id_alloc(ctx, name.c_str(), nullptr);
  isl_space* s = space.copy();
  if (isl_space_find_dim_by_id(s, isl_dim_param, id) < 0)
    s = isl_space_add_param_id(s, isl_id_copy(id));
  return isl::manage(isl_pw_aff_param_on_domain_id(isl_set_universe(s), id));
}

isl::map later_on_last_dim(const isl::space& space, bool forward) {
  const isl_size n = isl_space_dim(space.get(), isl_dim_set);
  isl_map* m = isl_map_universe(isl_space_map_from_set(space.copy()));
  for (int k = 0; k + 1 < n; ++k) m = isl_map_equate(m, isl_dim_in, k, isl_dim_out, k);
  const int last = n - 1;
  m = forward ? isl_map_order_ge(m, isl_dim_out, last, isl_dim_in, last)
              : isl_map_order_le(m, isl_dim_out, last, isl_dim_in, last);
  return isl::manage(m);
}

isl::map map_from_domain(const isl::set& domain) {
  return isl::manage(isl_map_from_domain(domain.copy()));
}

isl::map append_output(const isl::map& map, const isl::pw_aff& value) {
  return isl::manage(isl_map_flat_range_product(map.copy(), isl_map_from_pw_aff(value.copy())));
}

isl::space param_space(isl::ctx ctx, const std::vector<std::string>& names) {
  isl_space* s = isl_space_params_alloc(ctx.get(), static_cast<unsigned>(names.size()));
  for (unsigned k = 0; k < names.size(); ++k)
    s = isl_space_set_dim_id(s, isl_dim_param, k, isl_id_alloc(ctx.get(), names[k].c_str(), nullptr));
  return isl::manage(s);
}

isl::set align(const isl::set& set, const isl::space& params) {
  return isl::manage(isl_set_align_params(set.copy(), params.copy()));
}

isl::map align(const isl::map& map, const isl::space& params) {
  return isl::manage(isl_map_align_params(map.copy(), params.copy()));
}

}  // namespace loopscape::frontend_detail
