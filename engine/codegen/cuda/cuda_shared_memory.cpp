// SPDX-License-Identifier: Apache-2.0
#include "codegen/cuda/cuda_shared_memory.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <functional>

#include "codegen/common/loop_ast.h"
#include "support/c_text.h"
#include "support/error.h"

#include <isl/schedule_node.h>

namespace loopscape {

long SharedCopy::bytes() const {
  long n = 1;
  for (long s : size) n *= s;
  const std::string& t = element_type;
  const long each = t == "double" || t == "long" || t == "long long" ? 8 : t == "char" ? 1 : t == "short" ? 2 : 4;
  return n * each;
}

std::optional<isl::schedule_node> find_tagged_band(const isl::schedule& schedule, const LoopTag& tag,
                                                   const std::string& statement) {
  std::optional<isl::schedule_node> found;
  std::function<void(const isl::schedule_node&)> visit = [&](const isl::schedule_node& node) {
    if (found) return;
    if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_band) {
      for (const LoopTag& t : node_tags(node))
        if (t.kind == tag.kind && t.args == tag.args) {
          const isl::union_set domain = isl::manage(isl_schedule_node_get_domain(node.get()));
          bool reaches = false;
          domain.foreach_set([&](isl::set s) { reaches = reaches || statement == isl_set_get_tuple_name(s.get()); });
          if (reaches) {
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

// [prefix] -> A[e]: the elements the instances reaching `band` access, by kind.
isl::union_map footprint(const Program& program, const isl::union_map& prefix, const std::string& array, bool writes_only) {
  isl::union_map accesses = isl::union_map::empty(program.ctx());
  for (const Statement& s : program.statements)
    for (const Access& a : s.accesses)
      if (a.array == array && (!writes_only || a.kind == Access::Kind::Write))
        accesses = accesses.unite(isl::union_map(a.relation));
  return prefix.reverse().apply_range(accesses);
}

isl::map single_map(const isl::union_map& u) {
  isl::map out;
  u.foreach_map([&](isl::map m) { out = out.is_null() ? m : out.unite(m); });
  return out;
}

// A function over the prefix dimensions as an expression over their names.
ExprPtr over_names(const Program& program, const isl::pw_aff& f, const std::vector<std::string>& names) {
  isl_pw_aff* p = f.copy();
  isl_ctx* ctx = program.ctx().get();
  const unsigned n = static_cast<unsigned>(isl_pw_aff_dim(p, isl_dim_in));
  for (unsigned k = 0; k < n; ++k) p = isl_pw_aff_set_dim_id(p, isl_dim_in, k, isl_id_alloc(ctx, names.at(k).c_str(), nullptr));
  p = isl_pw_aff_move_dims(p, isl_dim_param, static_cast<unsigned>(isl_pw_aff_dim(p, isl_dim_param)), isl_dim_in, 0, n);
  return expr_from_pw_aff(program, isl::manage(p));
}

ExprPtr membership(const Program& program, const isl::map& elements, std::vector<std::string> names) {
  const int rank = static_cast<int>(isl_map_dim(elements.get(), isl_dim_out));
  for (int d = 0; d < rank; ++d) names.push_back("ls_e" + std::to_string(d));
  const isl::set flat = isl::manage(isl_set_flatten(isl_map_wrap(elements.copy())));
  return condition_from_set(program, flat.coalesce(), names);
}

}  // namespace

SharedCopy plan_shared_copy(const Program& program, const isl::schedule_node& band, const std::string& array,
                            const std::vector<std::string>& iterators) {
  SharedCopy out;
  out.array = array;
  out.name = "ls_sh_" + array;
  const Array* a = program.find_array(array);
  if (!a || a->is_scalar()) throw InputError(SourceLocation{}, "cache_shared_at: " + array + " is no array");
  out.element_type = a->element_type;
  program.isl().bounded("size a shared-memory copy", [&] {
    const isl::union_set domain = isl::manage(isl_schedule_node_get_domain(band.get()));
    const isl::union_map prefix =
        isl::manage(isl_schedule_node_get_prefix_schedule_union_map(band.child(0).get())).intersect_domain(domain);
    const isl::map touched = single_map(footprint(program, prefix, array, false)).coalesce();
    if (touched.is_null() || touched.is_empty())
      throw InputError(SourceLocation{}, "cache_shared_at: nothing under the loop accesses " + array);
    const int dims = static_cast<int>(isl_map_dim(touched.get(), isl_dim_in));
    if (dims != static_cast<int>(iterators.size()))
      throw InputError(SourceLocation{}, "cache_shared_at: the generated loops around the copy of " + array +
                                             " do not match the schedule's dimensions (a loop with one value was "
                                             "left out): cache it at another loop");
    const int rank = static_cast<int>(isl_map_dim(touched.get(), isl_dim_out));
    for (int d = 0; d < rank; ++d) {
      isl::map one = isl::manage(isl_map_project_out(touched.copy(), isl_dim_out, static_cast<unsigned>(d + 1),
                                                     static_cast<unsigned>(rank - d - 1)));
      one = isl::manage(isl_map_project_out(one.release(), isl_dim_out, 0, static_cast<unsigned>(d)));
      const isl::pw_aff lo = isl::manage(isl_map_dim_min(one.copy(), 0));
      const isl::pw_aff hi = isl::manage(isl_map_dim_max(one.copy(), 0));
      const isl::pw_aff extent = hi.sub(lo);
      const isl::val most = isl::manage(isl_pw_aff_max_val(extent.copy()));
      long size = 0;
      if (!most.is_null() && most.is_int()) {
        size = most.get_num_si() + 1;
      } else {
        const std::optional<long> declared = evaluate_integer(a->extents.at(static_cast<std::size_t>(d)), {},
                                                              program.source_text);
        if (!declared)
          throw InputError(SourceLocation{}, "cache_shared_at: the part of " + array + " one iteration uses has no "
                                             "bound along dimension " + std::to_string(d + 1) +
                                             ": tile that dimension's loop first");
        size = *declared;
      }
      out.lower.push_back(over_names(program, lo, iterators));
      out.size.push_back(size);
    }
    out.touched = membership(program, touched, iterators);
    const isl::map written = single_map(footprint(program, prefix, array, true));
    if (!written.is_null() && !written.is_empty()) out.written = membership(program, written.coalesce(), iterators);
  });
  constexpr long kSharedBytes = 48 * 1024;  // what a block may declare statically
  if (out.bytes() > kSharedBytes)
    throw InputError(SourceLocation{}, "cache_shared_at: the copy of " + array + " would take " +
                                           std::to_string(out.bytes()) + " bytes of shared memory, more than the " +
                                           std::to_string(kSharedBytes) + " a block may declare: tile smaller");
  return out;
}

}  // namespace loopscape
