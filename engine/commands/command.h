// SPDX-License-Identifier: Apache-2.0
#pragma once
// Schedule commands (Tiramisu's names and argument order), one class per transform.
//
// A command is written as in a schedule script or the C++ API:
//   S1.tile(j, k, 32, 32, j0, k0, j1, k1)      statement-addressed
//   R.fuse(C0, C1, F)                          node-addressed (spec 000 tree operations)
// `target` is a statement name (S0, or a C label) or a schedule-tree node name.
// Loops are addressed by the statement's source iterator names (i, j, k) and
// by the names earlier commands created (j0, k1, ...).
#include <isl/cpp.h>

#include <memory>
#include <string>
#include <vector>

#include "analysis/dependences.h"
#include "analysis/legality.h"
#include "commands/parameters.h"
#include "model/program.h"
#include "support/error.h"

namespace loopscape {

struct CommandArgument {
  std::string text;       // as written: "j", "32", "{ [i] -> [i + 1] }", "-1"
  SourceLocation where;   // for error messages (script line and column)
};

struct CommandCall {
  std::string target;   // "S1", "R", "C0"
  std::string command;  // "tile"
  std::vector<CommandArgument> args;
  SourceLocation where;  // the start of the call in its script ("" file when typed in the app)

  // The call as a script line: "S1.tile(j, k, 32, 32, j0, k0, j1, k1)".
  std::string script_text() const;
};

// What a command needs besides the schedule it changes.
class ScheduleLookups;

struct CommandContext {
  const Program& program;
  const Dependences& dependences;
  // Set while many questions are asked of one schedule (the command menus):
  // its answers, computed once (commands/schedule_lookups.h).
  const ScheduleLookups* lookups = nullptr;
};

// The result of applying one command (before any legality check).
struct CommandOutcome {
  isl::schedule schedule;
  // One sentence naming every statement the command changed, e.g.
  // "tiles loops j, k of S1 and S0 (fused band C2) by 32 x 32 into j0, k0, j1, k1".
  std::string description;
  std::vector<std::string> changed_statements;
  // A repair to try when the result is illegal ("" when none is known).
  std::string repair_hint;
};

// What `CommandCall::target` names for a command.
enum class CommandTarget {
  Statement,  // a statement (S0 or a C label): Tiramisu's loop commands, tags, data
  Node,       // a schedule-tree node name (R, C0, F): spec 000's tree operations
};

class Command {
 public:
  virtual ~Command() = default;
  // Commands of the same name may exist for statements and for nodes (tile,
  // interchange, split, distribute): find_command() then returns one command
  // that dispatches on whether the call's target is a statement of the program.
  virtual CommandTarget target() const { return CommandTarget::Statement; }
  virtual std::string name() const = 0;          // "tile"
  // Each way of calling it, with typed parameters (commands/parameters.h).
  virtual std::vector<CommandSyntax> syntaxes() const = 0;
  // "tile(L1, L2, S1, S2 [, L1o, L2o, L1i, L2i]) or tile(L1, L2, L3, ...)"
  std::string signature() const { return signature_text(name(), syntaxes()); }
  virtual std::string summary() const = 0;      // one line for help and menus
  // Applies the call to `schedule`. Bad arguments (unknown loop, wrong count,
  // a non-number size) throw InputError at the argument's location. The
  // legality of the result is checked by the caller (session), not here.
  virtual CommandOutcome apply(const CommandContext& context, const CommandCall& call,
                               const isl::schedule& schedule) const = 0;
  // Whether the command can apply to `statement` at all, for menus that offer
  // only what applies: "" when it may, else a short reason ("needs two loops",
  // "no distributed loop: distribute one first"). `loop` is a loop of the
  // statement the user pointed at (the form preselects it), "" for none.
  // Only cheap, clear preconditions (loop counts, tags, which arrays are
  // temporaries): "" does not promise legality, the form's preview checks that.
  virtual std::string unavailable(const CommandContext& context, const isl::schedule& schedule,
                                  const std::string& statement, const std::string& loop) const;
  // A repair for the call when `report` refuses its result on `schedule`
  // (the schedule before it), found by trying it: a command that makes the
  // call legal, or why none does. "" leaves the outcome's generic hint.
  virtual std::string repair_hint(const CommandContext& context, const CommandCall& call,
                                  const isl::schedule& schedule, const LegalityReport& report) const;
};

// nullptr when no command has this name. For a name with both a statement
// and a node form, the dispatching command (see Command::target()).
const Command* find_command(const std::string& name);
// Every command (dispatching ones for shared names), sorted by name.
std::vector<const Command*> all_commands();
// The form of `name` for one kind of target (nullptr when none).
const Command* find_command(const std::string& name, CommandTarget target);
// The node command an old spelling stands for ("split" -> "split_band"), "" for none.
std::string new_node_spelling(const std::string& old_name);
// Every command of one kind of target (the statement forms or the node forms), sorted by name.
std::vector<const Command*> all_commands(CommandTarget target);

}  // namespace loopscape
