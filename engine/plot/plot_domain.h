// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the domain plot enumerates that no schedule changes: each statement's
// instances at the plot's parameter values and each dependence's instance
// pairs among them. A command changes only the schedule, so the window keeps
// this from one step to the next (PlotCache) and the plot recomputes
// only the points' times and order.
#include <isl/cpp.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "analysis/dependences.h"
#include "model/program.h"
#include "plot/plot_parameters.h"
#include "plot/point_index.h"

namespace loopscape {

struct PlotRequest;

struct PlotDomain {
  // Instances are numbered statement by statement (Program::statements
  // order); statement s has the ids [first[s], first[s + 1]).
  std::vector<std::uint32_t> first;
  std::vector<std::int32_t> statement;    // per id
  std::vector<std::uint32_t> coords_at;   // per id: where its coordinates start
  std::vector<long> coordinates;
  std::vector<isl::set> domains;          // per statement, with parameters; null when not scheduled
  struct Pair {
    std::uint32_t source, sink;  // ids
  };
  std::vector<std::vector<Pair>> pairs;   // per Dependences::list entry
  bool truncated = false;                 // some statement had more instances than the cap left
  bool arrows_truncated = false;          // some dependence had more pairs than its cap
  std::vector<std::string> notes;

  std::size_t size() const { return statement.size(); }
  std::span<const long> coords(std::uint32_t id, std::size_t width) const {
    return {coordinates.data() + coords_at[id], width};
  }
  std::optional<std::uint32_t> find(int statement, std::span<const long> coordinates) const;
  const PointIndex& index() const { return index_; }

  // What it was enumerated for.
  isl::union_set scheduled;
  std::map<std::string, long> parameters;
  std::size_t max_points = 0, max_arrows = 0, max_arrows_per_dependence = 0;

 private:
  friend std::shared_ptr<const PlotDomain> enumerate_plot_domain(const Program&, const Dependences&,
                                                                 const isl::union_set&, const PlotRequest&);
  PointIndex index_;
};

// The instances of `scheduled` (a schedule's domain) and the dependences'
// pairs at the request's parameter values, under its caps. Throws
// std::invalid_argument for a missing value or an unbounded domain, IslError
// at the quota.
std::shared_ptr<const PlotDomain> enumerate_plot_domain(const Program& program, const Dependences& dependences,
                                                        const isl::union_set& scheduled, const PlotRequest& request);

// The pairs of `relation` (from statement `si` to `di`, Program::statements
// indices) among `d`'s instances, the two ways enumerate_plot_domain finds
// them. pairs_by_function: in C++, where the relation is a function of its
// source or of its sink with pieces free of existential variables (nullopt
// elsewhere). scan_pairs: by loops isl builds over the relation. Both give
// at most `cap` (`complete` false when there were more), in the order of
// (source, sink) ids.
std::optional<std::vector<PlotDomain::Pair>> pairs_by_function(const PlotDomain& d, const isl::map& relation, int si,
                                                               int di, const std::map<std::string, long>& parameters,
                                                               std::size_t cap = SIZE_MAX, bool* complete = nullptr);
// The Program::statements indices of `relation`'s source and sink (-1: none).
std::pair<int, int> relation_statements(const Program& program, const isl::map& relation);

std::vector<PlotDomain::Pair> scan_pairs(const Program& program, const PlotDomain& d, const isl::map& relation, int si,
                                         int di, const std::map<std::string, long>& parameters, std::size_t cap,
                                         const std::string& what, bool* complete = nullptr);

// What the plot keeps from one step to the next, one per loaded program (its
// dependences), used by one thread at a time: the last enumeration, reused
// while the schedule's domain, the parameter values and the caps stay the
// same; and which members of a band carry a dependence, by the band's
// schedule, prefix and domain (a command that only tags loops keeps them).
class PlotCache {
 public:
  std::shared_ptr<const PlotDomain> get(const Program& program, const Dependences& dependences,
                                        const isl::union_set& scheduled, const PlotRequest& request);
  // schedule/parallelism.h's parallel_members of `band` with `dependences`
  // (always the program's, coalesced).
  std::vector<bool> parallel_members(const isl::schedule_node& band, const isl::union_map& dependences,
                                     bool forward = false, const std::vector<bool>& known_carried = {});
  // Every dependence of `dependences`, coalesced: computed once per program
  // (6 ms a step on heat-3d), known by its relations' isl objects.
  const isl::union_map& coalesced(const Dependences& dependences);
  // The plot's parameter choices for this program (plot/plot_parameters.h).
  PlotParameterMemo& parameter_choices() { return parameter_choices_; }

 private:
  std::shared_ptr<const PlotDomain> last_;
  std::array<const isl_union_map*, 3> coalesced_from_{};
  isl::union_map coalesced_;
  std::map<std::string, bool> parallel_;  // by the dimensions around a member, then the member
  PlotParameterMemo parameter_choices_;
};

}  // namespace loopscape
