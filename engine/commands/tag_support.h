// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers shared by the tag (Layer II), data (Layer III) and communication
// (Layer IV) commands, on top of commands/loop_resolution.h: list arguments,
// the position of a loop among a statement's loops, constant trip counts,
// affine index expressions, and splitting a loop through the split command.
// Every helper that rejects an argument throws InputError at its location.
#include <isl/cpp.h>

#include <optional>
#include <string>
#include <vector>

#include "commands/loop_resolution.h"
#include "schedule/tags.h"

namespace loopscape::tag_support {

// "{i, j}" -> {"i", "j"}; a bare item "i" -> {"i"}; "{}" -> {}. Empty items are refused.
std::vector<std::string> parse_list(const CommandArgument& arg);
bool is_list(const CommandArgument& arg);  // written with braces

// A loop of a statement in an isl schedule, with its place among the
// statement's loops (outermost 0).
struct TagLoop {
  ResolvedBandMember loop;
  int depth = 0;
  int iterator = -1;  // source iterator the member schedules (+-x + c), -1 when none
  bool reversed = false;
};
TagLoop resolve_tag_loop(const Program& program, const isl::schedule& schedule, const Statement& statement,
                         const CommandArgument& loop);
// The statement's loops, outermost first (loop_resolution.h on the edit tree).
std::vector<StatementLoop> loops_of(const Program& program, const isl::schedule& schedule,
                                    const Statement& statement);

// Tags the loop (tags.h tag_band_member: the band is split so that the loop
// starts a band of its own). Returns the new schedule.
isl::schedule tag(const ResolvedBandMember& loop, const LoopTag& tag);

// Number of values the loop takes over the statement's instances when that is
// a constant (under the program's parameter context); nullopt otherwise.
std::optional<long> constant_extent(const Program& program, const Statement& statement,
                                    const ResolvedBandMember& loop);


// Splits loop `loop` of the call's statement by `factor` into `outer`/`inner`
// with the registered split command (statement form); returns its outcome.
CommandOutcome split_loop(const CommandContext& context, const CommandCall& call, const isl::schedule& schedule,
                          const CommandArgument& loop, long factor, const CommandArgument& outer,
                          const CommandArgument& inner);


// "loop i of S0", "loop i of S0 and S1 (fused band C2)".
std::string loop_phrase(const TagLoop& loop, const Statement& statement);
// The statements a tag on `loop` applies to (all statements of its band).
std::vector<std::string> tagged_statements(const TagLoop& loop);

// The common shape of a one-loop tag command: resolves call.args[0] as a loop
// of the call's statement and tags it; the description reads
// "tags loop i of S0 <what>".
// A tag of kind `replaces` on the same loop goes (parallel and sequential).
CommandOutcome tag_one_loop(const CommandContext& context, const CommandCall& call, const isl::schedule& schedule,
                            const LoopTag& tag, const std::string& what, const std::string& repair_hint,
                            const std::string& replaces = {});

// What running the tagged loop call.args[argument] concurrently changes when
// it carries dependences (private copies of scalars, reductions), for the
// command's description: ", as a reduction of total: <how>, ...", with
// "a private copy of t in each <worker>". Empty when it carries none.
std::string parallel_note(const CommandContext& context, const CommandCall& call, const isl::schedule& tagged,
                          const std::string& worker, const std::string& how, std::size_t argument = 0);

// Tiramisu's vectorize/unroll shape: `op(L, v [, Lo, Li])`. Without names,
// a loop with a constant trip count <= v is tagged as it is; otherwise L is
// split by v (split command) into Lo, Li (default L0, L1) and Li is tagged.
CommandOutcome split_and_tag(const CommandContext& context, const CommandCall& call, const isl::schedule& schedule,
                             long factor, const LoopTag& tag, const std::string& what,
                             const std::string& repair_hint);

}  // namespace loopscape::tag_support
