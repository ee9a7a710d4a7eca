// SPDX-License-Identifier: Apache-2.0
#pragma once
// Names that commands give to band members (tile's j0, k0, j1, k1; split's,
// skew's), kept IN the schedule tree so they survive later commands, undo and
// replay, and text round trips.
//
// They live in a mark "@loops(j0,k0)" in the mark chain directly above a band:
// one entry per member, outermost first, an empty entry for a member with no
// created name ("@loops(,k1)"). A member with a created name is addressed by
// that name only; other members by the source iterator they schedule (see
// commands/loop_resolution.h). Names belong to the band member, so they are
// shared by every statement of a fused band. The mark reads as a tag of kind
// "loops" (schedule/tags.h) that no printer or legality check acts on; the
// tree printer shows it as `[loops(j0,k0)]`.
#include <isl/cpp.h>

#include <string>
#include <vector>

namespace loopscape {

inline constexpr const char* kLoopNamesTag = "loops";

bool is_loop_names_mark(const isl::schedule_node& node);
// "@loops(j0,k0)" for {"j0", "k0"}; "" when every name is empty.
std::string loop_names_mark_id(const std::vector<std::string>& names);
// The names in a "@loops(...)" mark id.
std::vector<std::string> parse_loop_names_mark_id(const std::string& id);

// The created names of the members of `band` (a band, or a mark above one):
// one entry per member ("" where none).
std::vector<std::string> band_loop_names(const isl::schedule_node& band);
// Replaces the names of `band`; returns the band node (below its marks).
isl::schedule_node set_band_loop_names(isl::schedule_node band, const std::vector<std::string>& names);
// isl_schedule_node_band_split that keeps the names: members [0, pos) stay in
// the outer band, the rest go to the inner one. Returns the outer band.
isl::schedule_node split_band_keeping_loop_names(isl::schedule_node band, int pos);

}  // namespace loopscape
