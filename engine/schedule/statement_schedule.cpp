// SPDX-License-Identifier: Apache-2.0
#include "schedule/statement_schedule.h"

#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_set.h>

#include <optional>
#include <stdexcept>

namespace loopscape {
namespace {

struct UnsupportedNode {};

isl::schedule checked(isl_schedule* schedule) {
  if (!schedule) throw std::runtime_error("isl returned no schedule while restricting it to some statements");
  return isl::manage(schedule);
}

isl::schedule combine(isl::schedule a, isl::schedule b, bool sequence) {
  return checked(sequence ? isl_schedule_sequence(a.release(), b.release()) : isl_schedule_set(a.release(), b.release()));
}

// The subtree at `node` for the instances `domain` (already inside the node's
// domain), or nothing when none of them reaches a leaf below it.
std::optional<isl::schedule> rebuild(const isl::schedule_node& node, const isl::union_set& domain) {
  if (domain.is_empty()) return std::nullopt;
  switch (isl_schedule_node_get_type(node.get())) {
    case isl_schedule_node_leaf:
      return checked(isl_schedule_from_domain(domain.copy()));
    case isl_schedule_node_domain:
    case isl_schedule_node_mark:
      return rebuild(node.child(0), domain);
    case isl_schedule_node_filter: {
      const isl::union_set filter = isl::manage(isl_schedule_node_filter_get_filter(node.get()));
      return rebuild(node.child(0), domain.intersect(filter));
    }
    case isl_schedule_node_sequence:
    case isl_schedule_node_set: {
      const bool sequence = isl_schedule_node_get_type(node.get()) == isl_schedule_node_sequence;
      std::optional<isl::schedule> joined;
      for (int i = 0, n = isl_schedule_node_n_children(node.get()); i < n; ++i) {
        std::optional<isl::schedule> part = rebuild(node.child(i), domain);
        if (!part) continue;
        joined = joined ? combine(std::move(*joined), std::move(*part), sequence) : std::move(*part);
      }
      return joined;
    }
    case isl_schedule_node_band: {
      std::optional<isl::schedule> below = rebuild(node.child(0), domain);
      if (!below) return std::nullopt;
      isl_multi_union_pw_aff* partial = isl_schedule_node_band_get_partial_schedule(node.get());
      partial = isl_multi_union_pw_aff_intersect_domain(partial, domain.copy());
      isl_schedule* banded = isl_schedule_insert_partial_schedule(below->release(), partial);
      isl_schedule_node* root = isl_schedule_get_root(banded);
      isl_schedule_free(banded);
      isl_schedule_node* band = isl_schedule_node_child(root, 0);
      band = isl_schedule_node_band_set_permutable(band, isl_schedule_node_band_get_permutable(node.get()));
      isl_schedule* out = isl_schedule_node_get_schedule(band);
      isl_schedule_node_free(band);
      return checked(out);
    }
    default:
      throw UnsupportedNode{};
  }
}

}  // namespace

isl::schedule schedule_of_instances(const isl::schedule& schedule, const isl::union_set& instances) {
  const isl::union_set domain = schedule.domain().intersect(instances);
  try {
    if (std::optional<isl::schedule> pruned = rebuild(schedule.root(), domain)) return *pruned;
    return checked(isl_schedule_empty(isl_union_set_get_space(domain.get())));
  } catch (const UnsupportedNode&) {
    return checked(isl_schedule_intersect_domain(schedule.copy(), instances.copy()));
  }
}

}  // namespace loopscape
