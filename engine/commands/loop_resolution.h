// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the commands: resolving (statement, loop name) to a band member,
// argument parsing with errors at the argument's location, and the base class
// that runs a command under the program's isl quota.
//
// Loop names. A band member is addressed, for a statement S reaching it, by
//  1. the name a command created for it (tile's j0, k1, split's, skew's),
//     stored in the tree (schedule/loop_names.h) and shared by every statement
//     of the band; a member with a created name answers to no other name;
//  2. otherwise the source iterator x of S the member schedules as
//     +-x + c (c constant or parametric: reversal and shift keep the name).
//     This extends schedule/loops.h find_loop, which accepts +-x only.
// The outermost matching member on the path to S's leaf wins.
#include <isl/cpp.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "commands/command.h"
#include "commands/schedule_edit.h"

namespace loopscape {

struct StatementLoop {
  EditPath band;        // path of the band node in the edit tree
  int member = 0;
  std::string name;     // created name, else source iterator, else "" (unnamed member)
  bool created = false; // the name is a created one
  int iterator = -1;    // the source iterator the member schedules (+-x + c) for the statement, or -1
  bool reversed = false;
};

// Band members on the path from the root to `statement`'s leaf, outermost first.
std::vector<StatementLoop> statement_loops(const Program& program, const EditNode& root, const Statement& statement);

// The member `loop` names for `statement`; InputError at loop.where (listing
// the statement's loops) when none.
StatementLoop resolve_loop(const Program& program, const EditNode& root, const Statement& statement,
                           const CommandArgument& loop);

// Same on an isl schedule: the band node (below its marks) and member. For
// commands that tag loops (schedule/tags.h tag_band_member).
struct ResolvedBandMember {
  isl::schedule_node band;
  int member = 0;
  std::string name;
  std::vector<std::string> statements;  // every statement reaching the band
  std::string band_name;                // node name of the band, "" when none
};
ResolvedBandMember resolve_band_member(const Program& program, const isl::schedule& schedule,
                                       const Statement& statement, const CommandArgument& loop);

// Iterator index (and sign) member `member` of `band` schedules for `statement`
// as +-x + c; -1 when it is no such function.
int member_iterator(const EditNode& band, int member, const Statement& statement, bool* reversed = nullptr);

// The statement `call.target` names; InputError at call.where when none.
const Statement& require_statement(const Program& program, const CommandCall& call);
bool is_statement(const Program& program, const std::string& name);

// Argument helpers: InputError at the argument's location.
long parse_integer(const CommandArgument& argument, const std::string& what);
long parse_positive_integer(const CommandArgument& argument, const std::string& what);
std::string parse_identifier(const CommandArgument& argument, const std::string& what);
bool looks_like_integer(const std::string& text);
// Where to report a problem with argument `k` (the call when it has fewer arguments).
SourceLocation argument_location(const CommandCall& call, std::size_t k);

// "band C2" / "an unnamed band", with the statements: "S0 and S1 (fused band C2)".
std::string band_description(const Program& program, const EditNode& root, const EditPath& band);

// Base for commands: apply() runs run() inside program.isl().bounded().
class CommandBase : public Command {
 public:
  CommandOutcome apply(const CommandContext& context, const CommandCall& call,
                       const isl::schedule& schedule) const final;

 protected:
  virtual CommandOutcome run(const CommandContext& context, const CommandCall& call,
                             const isl::schedule& schedule) const = 0;
};

}  // namespace loopscape
