#include "schedule/parallelism.h"

#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/tags.h"

namespace loopscape {

bool member_carries_dependence(const isl::schedule_node& band_node, int member,
                               const isl::union_map& dependences) {
  isl::schedule_node band = skip_marks(band_node);
  isl::union_set dom = node_domain(band);
  isl::union_map deps = dependences.intersect_domain(dom).intersect_range(dom);
  if (deps.is_empty()) return false;
  isl::multi_union_pw_aff mupa = band.as<isl::schedule_node_band>().partial_schedule();
  const unsigned n = static_cast<unsigned>(mupa.size());
  if (static_cast<unsigned>(member) + 1 < n)
    mupa = isl::manage(isl_multi_union_pw_aff_drop_dims(mupa.release(), isl_dim_set,
                                                        static_cast<unsigned>(member) + 1,
                                                        n - static_cast<unsigned>(member) - 1));
  isl::union_map prefix = band.prefix_schedule_union_map();
  isl::union_map times = isl::manage(
      isl_union_map_flat_range_product(prefix.release(), isl::union_map::from(mupa).release()));
  isl::union_set deltas = deps.apply_domain(times).apply_range(times).deltas();
  bool carried = false;
  deltas.foreach_set([&](isl::set d) {
    if (carried) return;
    const unsigned dims = static_cast<unsigned>(d.tuple_dim());
    if (dims == 0) return;
    // Outer deltas all zero, last one nonzero.
    isl::set outer_zero = isl::set::universe(d.space());
    for (unsigned k = 0; k + 1 < dims; ++k)
      outer_zero = isl::manage(isl_set_fix_si(outer_zero.release(), isl_dim_set, k, 0));
    isl::set last_zero = isl::manage(isl_set_fix_si(isl::set::universe(d.space()).release(), isl_dim_set,
                                                    dims - 1, 0));
    isl::set bad = d.intersect(outer_zero).subtract(last_zero);
    if (!bad.is_empty()) carried = true;
  });
  return carried;
}

std::vector<bool> parallel_members(const isl::schedule_node& band_node, const isl::union_map& dependences) {
  isl::schedule_node band = skip_marks(band_node);
  const int n = static_cast<int>(band.as<isl::schedule_node_band>().n_member());
  std::vector<bool> out;
  for (int k = 0; k < n; ++k) out.push_back(!member_carries_dependence(band, k, dependences));
  return out;
}

namespace {

struct AutoParallel {
  const isl::union_map& deps;
  const LoopTag tag{"parallel", {}};

  // Returns the node at the same position as `node`.
  isl::schedule_node visit(isl::schedule_node node, bool inside) {
    if (is_mark(node)) {
      if (auto t = LoopTag::parse(mark_id_name(node)); t && t->kind == "parallel") inside = true;
      return visit(node.child(0), inside).parent();
    }
    if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_band && !inside &&
        !subtree_has_tag(node, "parallel")) {
      const int n = static_cast<int>(node.as<isl::schedule_node_band>().n_member());
      for (int k = 0; k < n; ++k) {
        if (member_carries_dependence(node, k, deps)) continue;
        isl::schedule_node tagged = tag_band_member(node, k, tag);
        tagged = visit_children(tagged, true);
        // tagged sits below its new mark (and below the outer part of a split band).
        return k == 0 ? tagged.parent() : tagged.parent().parent();
      }
    }
    return visit_children(node, inside);
  }

  isl::schedule_node visit_children(isl::schedule_node node, bool inside) {
    for (int k = 0; k < static_cast<int>(node.n_children()); ++k) node = visit(node.child(k), inside).parent();
    return node;
  }
};

}  // namespace

isl::schedule mark_outermost_parallel_loops(const Program& program, const isl::schedule& schedule,
                                            const isl::union_map& dependences) {
  isl::schedule result;
  program.isl().bounded("find parallel loops", [&] {
    AutoParallel ap{dependences};
    result = ap.visit(schedule.root(), false).schedule();
  });
  return result;
}

}  // namespace loopscape
