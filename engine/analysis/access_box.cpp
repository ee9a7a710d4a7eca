// SPDX-License-Identifier: Apache-2.0
#include "analysis/access_box.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <functional>

#include "support/c_text.h"
#include "support/error.h"

namespace loopscape {

long AccessBox::elements() const {
  long n = 1;
  for (long s : size) n *= s;
  return n;
}

long element_bytes(const std::string& t) {
  return t == "double" || t == "long" || t == "long long" ? 8 : t == "char" ? 1 : t == "short" ? 2 : 4;
}

long AccessBox::bytes() const { return elements() * element_bytes(element_type); }

namespace {

}  // namespace

std::optional<isl::schedule_node> find_tagged_band(const isl::schedule& schedule, const LoopTag& tag,
                                                   const std::string& statement, int nth) {
  std::optional<isl::schedule_node> found;
  int skipped = 0;
  std::function<void(const isl::schedule_node&)> visit = [&](const isl::schedule_node& node) {
    if (found) return;
    if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_band) {
      for (const LoopTag& t : node_tags(node))
        if (t == tag) {
          bool reaches = false;
          const isl::union_set domain = isl::manage(isl_schedule_node_get_domain(node.get()));
          domain.foreach_set([&](isl::set s) { reaches = reaches || statement == isl_set_get_tuple_name(s.get()); });
          if (reaches && skipped++ == nth) {
            found = node;
            return;
          }
        }
    }
    const int n = static_cast<int>(isl_schedule_node_n_children(node.get()));
    for (int c = 0; c < n; ++c) visit(node.child(c));
  };
  visit(schedule.root());
  return found;
}

namespace {

isl::map single_map(const isl::union_map& u) {
  isl::map out;
  u.foreach_map([&](isl::map m) { out = out.is_null() ? m : out.unite(m); });
  return out;
}

// The prefix schedule's range without the dimensions that take one value for
// given outer ones (they make no loop), as a map from the full prefix.
isl::map drop_single_valued(const isl::set& range) {
  const int n = static_cast<int>(isl_set_dim(range.get(), isl_dim_set));
  isl::map keep = isl::manage(isl_map_identity(isl_space_map_from_set(range.get_space().release())));
  keep = keep.intersect_domain(range);
  int removed = 0;
  for (int d = 0; d < n; ++d) {
    // Dimension d as a function of dimensions 0..d-1 (and the parameters).
    isl::set upto = isl::manage(
        isl_set_project_out(range.copy(), isl_dim_set, static_cast<unsigned>(d + 1), static_cast<unsigned>(n - d - 1)));
    isl::map as_map = isl::manage(isl_map_from_range(upto.release()));
    as_map = isl::manage(isl_map_move_dims(as_map.release(), isl_dim_in, 0, isl_dim_out, 0, static_cast<unsigned>(d)));
    if (isl_map_is_single_valued(as_map.get()) == isl_bool_true) {
      keep = isl::manage(isl_map_project_out(keep.release(), isl_dim_out, static_cast<unsigned>(d - removed), 1));
      ++removed;
    }
  }
  return keep;
}

// [loops] -> the box: lower(loops) <= e < lower(loops) + size, per dimension.
isl::map box_map(const Program& program, const std::vector<isl::pw_aff>& lower, const std::vector<long>& size) {
  isl::map box;
  for (std::size_t d = 0; d < lower.size(); ++d) {
    const isl::map window(program.ctx(), "{ [y] -> [x] : y <= x <= y + " + std::to_string(size[d] - 1) + " }");
    const isl::map along = isl::manage(isl_map_from_pw_aff(lower[d].copy())).apply_range(window);
    box = d == 0 ? along : isl::manage(isl_map_flat_range_product(box.release(), along.copy()));
  }
  return box;
}

// The box at the points of `part`'s domain, in its space (the array's tuple).
isl::map box_over(const isl::map& box, const isl::map& part) {
  isl::map b = box.intersect_domain(part.domain());
  return isl::manage(isl_map_set_tuple_id(b.release(), isl_dim_out, isl_map_get_tuple_id(part.get(), isl_dim_out)));
}

// The smallest box (per dimension, from the least to the greatest value
// under the parameters) that holds `elements`.
isl::set bounding_box(const isl::set& elements) {
  const int rank = static_cast<int>(isl_set_dim(elements.get(), isl_dim_set));
  isl::set box = isl::manage(isl_set_universe(elements.get_space().release()));
  for (int d = 0; d < rank; ++d) {
    isl::set along = isl::manage(isl_set_project_out(elements.copy(), isl_dim_set, static_cast<unsigned>(d + 1),
                                                     static_cast<unsigned>(rank - d - 1)));
    along = isl::manage(isl_set_project_out(along.release(), isl_dim_set, 0, static_cast<unsigned>(d)));
    // Of one dimension, the simple hull is the interval from the least value to the greatest.
    isl::set interval = isl::manage(isl_set_from_basic_set(isl_set_simple_hull(along.release())));
    interval = isl::manage(isl_set_insert_dims(interval.release(), isl_dim_set, 0, static_cast<unsigned>(d)));
    interval = isl::manage(
        isl_set_add_dims(interval.release(), isl_dim_set, static_cast<unsigned>(rank - d - 1)));
    interval = isl::manage(isl_set_set_tuple_id(interval.release(), isl_set_get_tuple_id(elements.get())));
    box = box.intersect(interval);
  }
  return box;
}

isl::map footprint(const Program& program, const isl::union_map& prefix, const std::string& array, bool writes_only) {
  isl::union_map accesses = isl::union_map::empty(program.ctx());
  for (const Statement& s : program.statements)
    for (const Access& a : s.accesses)
      if (a.array == array && (!writes_only || a.kind == Access::Kind::Write))
        accesses = accesses.unite(isl::union_map(a.relation));
  return single_map(prefix.reverse().apply_range(accesses));
}

}  // namespace

AccessBox access_box(const Program& program, const isl::schedule_node& band, const std::string& array,
                     const std::string& what) {
  AccessBox out;
  out.array = array;
  const Array* a = program.find_array(array);
  if (!a || a->is_scalar()) throw InputError(SourceLocation{}, what + ": " + array + " is no array");
  out.element_type = a->element_type;
  program.isl().bounded(what + ": size the copy of " + array, [&] {
    const isl::union_set domain = isl::manage(isl_schedule_node_get_domain(band.get()));
    // The dimensions above the band and its first member (the band may hold
    // the loops inside it too).
    isl_multi_union_pw_aff* members = isl_schedule_node_band_get_partial_schedule(band.get());
    isl::union_map first =
        isl::manage(isl_union_map_from_union_pw_aff(isl_multi_union_pw_aff_get_union_pw_aff(members, 0)));
    isl_multi_union_pw_aff_free(members);
    isl::union_map prefix = isl::manage(isl_union_map_flat_range_product(
        isl_schedule_node_get_prefix_schedule_union_map(band.get()), first.release()));
    prefix = prefix.intersect_domain(domain);
    const isl::set range = isl::manage(isl_set_from_union_set(prefix.range().intersect_params(program.context).release()));
    const isl::map to_loops = drop_single_valued(range);
    prefix = prefix.apply_range(isl::union_map(to_loops));
    const isl::map touched = footprint(program, prefix, array, false);
    if (touched.is_null() || touched.is_empty())
      throw InputError(SourceLocation{}, what + ": nothing under the loop accesses " + array);
    out.touched = touched.coalesce();
    out.loop_dimensions = static_cast<int>(isl_map_dim(touched.get(), isl_dim_in));
    const int rank = static_cast<int>(isl_map_dim(touched.get(), isl_dim_out));
    for (int d = 0; d < rank; ++d) {
      isl::map one = isl::manage(isl_map_project_out(touched.copy(), isl_dim_out, static_cast<unsigned>(d + 1),
                                                     static_cast<unsigned>(rank - d - 1)));
      one = isl::manage(isl_map_project_out(one.release(), isl_dim_out, 0, static_cast<unsigned>(d)));
      const isl::pw_aff lo = isl::manage(isl_map_dim_min(one.copy(), 0));
      const isl::pw_aff hi = isl::manage(isl_map_dim_max(one.copy(), 0));
      const isl::val most = isl::manage(isl_pw_aff_max_val(hi.sub(lo).intersect_params(program.context).release()));
      long size = 0;
      if (!most.is_null() && most.is_int()) {
        size = most.get_num_si() + 1;
      } else {
        const std::optional<long> declared =
            evaluate_integer(a->extents.at(static_cast<std::size_t>(d)), {}, program.source_text);
        if (!declared)
          throw InputError(SourceLocation{}, what + ": the part of " + array + " one iteration uses has no constant "
                                             "size along its dimension " + std::to_string(d) +
                                             " (counting from 0): copy at a loop further in, or tile the loops "
                                             "inside this one");
        size = *declared;
      }
      out.lower.push_back(lo);
      out.size.push_back(size);
    }
    const isl::map written = footprint(program, prefix, array, true);
    if (!written.is_null() && !written.is_empty()) out.written = written.coalesce();
    const isl::map box = box_map(program, out.lower, out.size);
    // Every element of the box touched: the copy needs no guard. Otherwise
    // the guard says only what the box does not (the loops' bounds and the box's go).
    const isl::map touched_box = box_over(box, out.touched);
    // An array the region writes keeps the exact set: an element no statement
    // of this iteration uses may be written by another one running beside it.
    bool written_anywhere = false;
    for (const Statement& st : program.statements)
      for (const Access& acc : st.accesses) written_anywhere |= acc.array == array && acc.kind == Access::Kind::Write;
    if (written_anywhere) {
      out.fills_whole_box = touched_box.is_subset(out.touched);
      out.filled = out.touched.gist(touched_box);
    } else {
      // Only the array's bounds: a condition on the elements alone.
      const isl::set bounds = bounding_box(out.touched.range());
      out.fills_whole_box = touched_box.is_subset(touched_box.intersect_range(bounds));
      out.filled = isl::manage(isl_map_from_domain_and_range(out.touched.domain().release(), bounds.copy()))
                       .gist(touched_box.coalesce());
    }
    if (out.written) {
      const isl::map written_box = box_over(box, *out.written);
      out.written_fills_box = written_box.is_subset(*out.written);
      out.written = out.written->gist(written_box);
    }
  });
  return out;
}

}  // namespace loopscape
