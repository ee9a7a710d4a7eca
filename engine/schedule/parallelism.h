// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which loops of a schedule tree carry dependences, and the automatic
// "outermost parallel loop" tagging used by the OpenMP target.
#include <isl/cpp.h>

#include <vector>

#include "model/program.h"
#include "schedule/tags.h"

namespace loopscape {

// True when member `member` of `band` carries a dependence of `dependences`
// (instance -> instance): some dependent pair of instances that both reach
// the band, with equal outer schedule (ancestors and members before
// `member`), gets different values of the member.
bool member_carries_dependence(const isl::schedule_node& band, int member,
                               const isl::union_map& dependences);

// For every member of `band`: true when it carries no dependence.
// `forward`: every pair of `dependences` is known to run its sink after its
// source under the schedule (it was checked legal), so no pair goes backward
// at a member the outer dimensions leave equal, and only forward ones are
// looked for (half of isl's work on the parallel members of a tiled band).
// `known_carried`: members already known to carry a dependence (a concrete
// dependent pair that first differs there, as the plot finds among its
// points); isl is not asked about them.
std::vector<bool> parallel_members(const isl::schedule_node& band, const isl::union_map& dependences,
                                   bool forward = false, const std::vector<bool>& known_carried = {});

// The argument of an automatic parallel tag on a loop inside another loop
// ("@parallel(when_large)"): printers parallelise it only where one run of it
// has work enough for a team of threads (codegen/common/loop_work.h).
inline constexpr const char* kParallelWhenLarge = "when_large";
// The argument of an automatic parallel tag on the outermost loop of a nest
// ("@parallel(auto)"). The OpenMP target prints both kinds; the others run
// in parallel only the loops the user tagged, and print the same AST.
inline constexpr const char* kParallelAutomatic = "auto";

// A tag mark_outermost_parallel_loops added ("@parallel(auto)", "@parallel(when_large)").
inline bool is_automatic_parallel(const LoopTag& tag) {
  return tag.kind == "parallel" && tag.args.size() == 1 &&
         (tag.args[0] == kParallelAutomatic || tag.args[0] == kParallelWhenLarge);
}

// A parallel tag among a loop's tags that the user gave (not an automatic one).
inline bool has_user_parallel_tag(const std::vector<LoopTag>& tags) {
  for (const LoopTag& t : tags)
    if (t.kind == "parallel" && !is_automatic_parallel(t)) return true;
  return false;
}

// Tags ("@parallel(auto)", schedule/tags.h) the outermost loop of every nest
// that carries no dependence, splitting bands where the loop is not a band's
// first member; "@parallel(when_large)" where the loop sits inside another loop.
// Nests that already hold a parallel tag are left as they are, and so are
// the loops at and inside a "@sequential" tag (the sequential command).
isl::schedule mark_outermost_parallel_loops(const Program& program, const isl::schedule& schedule,
                                            const isl::union_map& dependences);

}  // namespace loopscape
