// SPDX-License-Identifier: Apache-2.0
#include "schedule/parallelism.h"

#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>

#include "schedule/implied_equalities.h"
#include "schedule/loops.h"
#include "schedule/node_names.h"
#include "schedule/tags.h"
#include "schedule/tile_loops.h"

namespace loopscape {

namespace {

// The pairs of `pairs` that get equal values of `schedule` (skipped when it
// has no dimension).
isl::union_map equal_at(const isl::union_map& pairs, const isl::multi_union_pw_aff& schedule) {
  if (schedule.size() == 0) return pairs;
  return isl::manage(isl_union_map_eq_at_multi_union_pw_aff(pairs.copy(), schedule.copy()));
}

// Whether some pair of `pairs` gets different values of the one-member
// `member`: pairs ordered either way by it. Cheaper than subtracting the
// pairs it keeps equal, whose floor divisions (tiles) make isl slow.
bool differ_at(const isl::union_map& pairs, const isl::multi_union_pw_aff& member, bool forward = false) {
  for (auto order : {isl_union_map_lex_lt_at_multi_union_pw_aff, isl_union_map_lex_gt_at_multi_union_pw_aff}) {
    if (forward && order == isl_union_map_lex_gt_at_multi_union_pw_aff) break;
    isl_union_map* ordered = order(pairs.copy(), member.copy());
    const isl_bool empty = isl_union_map_is_empty(ordered);
    isl_union_map_free(ordered);
    if (empty != isl_bool_true) return true;
  }
  return false;
}

// The dependences between instances that reach `band`. Below no filter, that
// is every instance, and the dependences are kept whole: intersecting them
// with the domain costs a look-up per statement pair, hundreds in a long nest.
isl::union_map dependences_at(const isl::schedule_node& band, const isl::union_map& dependences) {
  for (isl::schedule_node n = band; n.has_parent();) {
    n = n.parent();
    const auto type = isl_schedule_node_get_type(n.get());
    if (type == isl_schedule_node_filter || type == isl_schedule_node_extension ||
        type == isl_schedule_node_expansion) {
      const isl::union_set dom = node_domain(band);
      return dependences.intersect_domain(dom).intersect_range(dom);
    }
  }
  return dependences;
}

}  // namespace

// Works on pairs, one schedule dimension at a time (no deltas: with tiled
// schedules, whose dimensions hold floor divisions, deltas are the slow part).
bool member_carries_dependence(const isl::schedule_node& band_node, int member,
                               const isl::union_map& dependences) {
  isl::schedule_node band = skip_marks(band_node);
  isl::union_map deps = dependences_at(band, dependences);
  if (deps.is_empty()) return false;
  // Pairs not yet ordered by an outer loop or sequence, nor by earlier members.
  deps = equal_at(deps, band.prefix_schedule_multi_union_pw_aff());
  isl::multi_union_pw_aff partial = band.as<isl::schedule_node_band>().partial_schedule();
  for (int k = 0; k < member && !deps.is_empty(); ++k)
    deps = equal_at(deps, isl::multi_union_pw_aff(partial.at(k)));
  if (deps.is_empty()) return false;
  return differ_at(deps, isl::multi_union_pw_aff(partial.at(member)));
}

std::vector<bool> parallel_members(const isl::schedule_node& band_node, const isl::union_map& dependences,
                                   bool forward, const std::vector<bool>& known_carried) {
  isl::schedule_node band = skip_marks(band_node);
  isl::multi_union_pw_aff partial = band.as<isl::schedule_node_band>().partial_schedule();
  const int n = static_cast<int>(partial.size());
  std::vector<bool> out(static_cast<std::size_t>(n), true);
  for (std::size_t k = 0; k < known_carried.size() && k < out.size(); ++k) out[k] = !known_carried[k];
  int last_candidate = n - 1;
  while (last_candidate >= 0 && !out[static_cast<std::size_t>(last_candidate)]) --last_candidate;
  if (last_candidate < 0) return out;
  const isl::union_map deps = dependences_at(band, dependences);
  if (deps.is_empty()) return out;
  // The dimensions outside member k: the prefix, then members 0 .. k-1.
  const isl::multi_union_pw_aff prefix = band.prefix_schedule_multi_union_pw_aff();
  std::vector<isl::union_pw_aff> outside;
  bool divisions = false;
  for (int k = 0; k < static_cast<int>(prefix.size()); ++k) {
    outside.push_back(prefix.at(k));
    divisions = divisions || has_divisions(outside.back().get());
  }
  // Where the dimensions outside a member hold floor divisions (tiles), the
  // pairs equal at the affine functions they imply come first: a superset
  // of the pairs equal there, without divisions. When none of those differs
  // at the member, it carries nothing (the loops inside a time-tiled band are
  // settled so). Only the members still open then get the exact pairs,
  // built one member at a time and only as far as needed: with divisions
  // they cost 30 ms a step on heat-3d.
  std::vector<bool> settled(static_cast<std::size_t>(n), false);
  for (int k = 0; k <= last_candidate; ++k) {
    const auto at = static_cast<std::size_t>(k);
    if (!out[at]) {
      settled[at] = true;
    } else if (divisions) {
      const std::vector<isl::union_pw_aff> implied = implied_affine_dimensions(outside);
      isl::union_map superset = deps;
      for (const isl::union_pw_aff& f : implied) superset = equal_at(superset, isl::multi_union_pw_aff(f));
      settled[at] = !implied.empty() && !differ_at(superset, isl::multi_union_pw_aff(partial.at(k)));
    }
    outside.push_back(partial.at(k));
    divisions = divisions || has_divisions(outside.back().get());
  }
  int last_open = -1;
  for (int k = 0; k < n; ++k)
    if (!settled[static_cast<std::size_t>(k)] && out[static_cast<std::size_t>(k)]) last_open = k;
  if (last_open < 0) return out;
  isl::union_map exact = equal_at(deps, prefix);
  for (int k = 0; k <= last_open && !exact.is_empty(); ++k) {
    const isl::multi_union_pw_aff member(partial.at(k));
    if (!settled[static_cast<std::size_t>(k)]) out[static_cast<std::size_t>(k)] = !differ_at(exact, member, forward);
    if (k < last_open) exact = equal_at(exact, member);
  }
  return out;
}

namespace {

// True when member `member` of `band` takes one value for each value of
// the schedule dimensions outside it (isl prints no loop for it).
bool member_is_single_valued(const isl::schedule_node& band, int member) {
  isl::multi_union_pw_aff partial = band.as<isl::schedule_node_band>().partial_schedule();
  isl::union_map outer = band.prefix_schedule_union_map();
  for (int k = 0; k < member; ++k)
    outer = isl::manage(isl_union_map_flat_range_product(
        outer.release(), isl_union_map_from_union_pw_aff(partial.at(k).release())));
  const isl::union_map value = isl::union_map::from(isl::multi_union_pw_aff(partial.at(member)))
                                   .intersect_domain(node_domain(band));
  return outer.intersect_domain(node_domain(band)).reverse().apply_range(value).is_single_valued();
}

struct AutoParallel {
  const isl::union_map& deps;

  // Returns the node at the same position as `node`. `under_loop`: some
  // member of an enclosing band makes a loop.
  isl::schedule_node visit(isl::schedule_node node, bool inside, bool under_loop) {
    if (is_mark(node)) {
      // Below a parallel tag nothing more is tagged; below a sequential one nothing at all.
      if (auto t = LoopTag::parse(mark_id_name(node)); t && (t->kind == "parallel" || t->kind == "sequential"))
        inside = true;
      return visit(node.child(0), inside, under_loop).parent();
    }
    if (isl_schedule_node_get_type(node.get()) != isl_schedule_node_band) return visit_children(node, inside, under_loop);
    // Below a tag nothing is tagged; beside one a band is taken to make loops.
    if (inside || subtree_has_tag(node, "parallel")) return visit_children(node, inside, true);
    const int n = static_cast<int>(node.as<isl::schedule_node_band>().n_member());
    const std::vector<bool> parallel = parallel_members(node, deps);  // one pass over the members
    for (int k = 0; k < n; ++k) {
      // A member with one value per outer iteration makes no loop: a tag there would parallelise nothing.
      if (!parallel[static_cast<std::size_t>(k)] || member_is_single_valued(node, k)) continue;
      bool loops_outside = under_loop;
      for (int outer = 0; outer < k && !loops_outside; ++outer) loops_outside = !member_is_single_valued(node, outer);
      const LoopTag tag{"parallel", {loops_outside ? kParallelWhenLarge : kParallelAutomatic}};
      isl::schedule_node tagged = tag_band_member(node, k, tag);
      tagged = visit_children(tagged, true, true);
      // tagged sits below its new mark (and below the outer part of a split band).
      return k == 0 ? tagged.parent() : tagged.parent().parent();
    }
    // Taken to make a loop: the printers look at the loops themselves (a hint is enough here).
    return visit_children(node, inside, true);
  }

  isl::schedule_node visit_children(isl::schedule_node node, bool inside, bool under_loop) {
    for (int k = 0; k < static_cast<int>(node.n_children()); ++k)
      node = visit(node.child(k), inside, under_loop).parent();
    return node;
  }
};

}  // namespace

isl::schedule mark_outermost_parallel_loops(const Program& program, const isl::schedule& schedule,
                                            const isl::union_map& dependences) {
  isl::schedule result;
  program.isl().bounded("find parallel loops", [&] {
    AutoParallel ap{dependences};
    result = ap.visit(schedule.root(), false, false).schedule();
  });
  return result;
}

}  // namespace loopscape
