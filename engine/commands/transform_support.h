// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers shared by the loop-transform commands: arithmetic on band members,
// node lookup for tree operations, new loop names, and moving a statement
// (after / before / then / compute_at).
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "commands/loop_resolution.h"

namespace loopscape {

// Arithmetic on one band member (a union_pw_aff over the band's instances).
isl::union_pw_aff upa_add_constant(const isl::union_pw_aff& a, long c);
isl::union_pw_aff upa_scale(const isl::union_pw_aff& a, long c);
isl::union_pw_aff upa_floor_div(const isl::union_pw_aff& a, long c);  // floor(a / c)
isl::union_pw_aff upa_mod(const isl::union_pw_aff& a, long c);        // a mod c (0 <= . < c)
isl::union_pw_aff upa_combine(const isl::union_pw_aff& a, long ca, const isl::union_pw_aff& b, long cb);
// The part of `a` on the statement's instances, and the rest.
isl::union_pw_aff upa_on(const isl::union_pw_aff& a, const Statement& s);
isl::union_pw_aff upa_except(const isl::union_pw_aff& a, const Statement& s);
isl::union_pw_aff upa_union(const isl::union_pw_aff& a, const isl::union_pw_aff& b);

// The node `call.target` names (below its marks); InputError listing the names when none.
EditPath require_node(const EditNode& root, const CommandCall& call);
// Path of the node named by argument `arg` (below its marks).
EditPath require_named(const EditNode& root, const CommandArgument& arg);
// Every node name in the tree, pre-order.
std::vector<std::string> edit_node_names(const EditNode& root);

// A new loop name for a band member: must be an identifier and must not name
// another loop of the statements reaching the band (except `replaced`).
void check_new_loop_name(const Program& program, const EditNode& root, const std::vector<std::string>& statements,
                         const CommandArgument& arg, const std::vector<std::string>& replaced,
                         const std::vector<std::string>& taken_by_command);

// Brings loops `outer` and `inner` of a statement into one band (merging the
// bands between them, which must be perfectly nested). Returns the band's path
// and the members' indices there. `what` names the command for messages.
struct SameBand {
  EditPath band;
  int outer = 0;
  int inner = 0;
  // Names of the inner bands merged into `band` (a name cannot outlive its band).
  std::vector<std::string> dropped_names;
};
// "; band C0 merges into it (its name is dropped)", or "" when none was.
std::string merge_text(const SameBand& same_band);
SameBand bring_into_one_band(EditNode& root, const StatementLoop& outer, const StatementLoop& inner,
                             const std::string& what, const SourceLocation& where);

// The statement form, as Tiramisu's commands act on one computation: when
// other statements sit in a sequence between `outer` and `inner`, the bands
// from `outer` down to that sequence are first distributed over it, so that
// `statement` gets loops of its own (the legality check then decides whether
// the new order is allowed). `outer` and `inner` are updated to the new tree;
// `separated_from` receives the statements that no longer share the loops.
SameBand bring_into_one_band(const Program& program, const Statement& statement, EditNode& root,
                             StatementLoop& outer, StatementLoop& inner, const std::string& what,
                             const SourceLocation& where, std::vector<std::string>& separated_from);

// "; S1 first gets loops of its own (they were shared with S0)", or "" when
// `separated_from` is empty.
std::string separation_text(const Statement& statement, const std::vector<std::string>& separated_from);

// Distributes the band at `band_path` over the sequence directly below it:
// each group of consecutive children (child positions, in order, covering
// them all) gets a copy of the band restricted to its instances, with the
// band's tags; group g's copy is named names[g] ("" for none). The new
// sequence replaces the band's mark chain; returns that chain's top path.
EditPath distribute_band(EditNode& root, const EditPath& band_path, const std::vector<std::vector<std::size_t>>& groups,
                         const std::vector<std::string>& names);

// Statement `moving` placed relative to statement `anchor`: sharing the
// anchor's loops from the outermost one down to `level_loop` (or none when
// `level_loop` is "root") and running after (or before) the anchor inside
// them. The moving statement keeps its own loop functions: its first d loops
// join the anchor's d loops, the rest stay below. `shifts` (optional, one per
// shared level) is added to the anchor's statement... see compute_at.
struct PlacementResult {
  isl::schedule schedule;
  int shared_levels = 0;
  std::vector<std::string> shared_loop_names;  // the anchor's loops now shared
};
PlacementResult place_statement(const Program& program, const isl::schedule& schedule, const Statement& moving,
                                const Statement& anchor, const CommandArgument& level, bool after,
                                const std::vector<long>& moving_shifts = {});

}  // namespace loopscape

namespace loopscape {
// The band named by the call's target; InputError when it is no band.
EditNode& require_band_node(EditNode& root, const CommandCall& call, EditPath& path);
}  // namespace loopscape

namespace loopscape {
// The argument read as an isl union map (InputError at its location when it is none).
isl::union_map parse_union_map_argument(const Program& program, const CommandArgument& arg);
}  // namespace loopscape
