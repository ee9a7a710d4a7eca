// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to the front-end: small isl helpers for building domains and accesses.
#include <isl/cpp.h>

#include <string>
#include <vector>

namespace loopscape::frontend_detail {

// The universe of a set space with `dims` unnamed dimensions and no parameters.
isl::set universe_set(isl::ctx ctx, unsigned dims);
// `set` with one more dimension at the end, named `name`.
isl::set add_named_dim(const isl::set& set, const std::string& name);
isl::set project_out_last(const isl::set& set);
isl::set set_tuple_name(const isl::set& set, const std::string& name);
isl::map set_range_name(const isl::map& map, const std::string& name);

// Affine functions on the (set) space `space`.
isl::pw_aff constant_on(const isl::space& space, const isl::val& v);
isl::pw_aff constant_on(const isl::space& space, long v);
isl::pw_aff variable_on(const isl::space& space, unsigned pos);
isl::pw_aff parameter_on(const isl::space& space, const std::string& name);

// The relation from `space` to itself keeping the first n-1 dimensions and
// taking the last one to every later (forward) or earlier (!forward) value, inclusive.
isl::map later_on_last_dim(const isl::space& space, bool forward);

// The map from the points of `domain` to an unnamed zero-dimensional range.
isl::map map_from_domain(const isl::set& domain);
isl::map append_output(const isl::map& map, const isl::pw_aff& value);

// Aligns parameters to `names`, in that order.
isl::space param_space(isl::ctx ctx, const std::vector<std::string>& names);
isl::set align(const isl::set& set, const isl::space& params);
isl::map align(const isl::map& map, const isl::space& params);

}  // namespace loopscape::frontend_detail
