// SPDX-License-Identifier: Apache-2.0
#pragma once
// Cheap preconditions shared by the commands' unavailable() (command.h): how
// many loops a statement has around it and from the loop the user pointed at,
// whether the array it writes is a temporary, which tags its loops carry.
// Nothing here checks legality; reasons are short phrases for a menu.
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "commands/loop_resolution.h"
#include "schedule/tags.h"

namespace loopscape::preconditions {

// A statement and its loops as unavailable() sees them.
struct Place {
  const Statement* statement = nullptr;
  std::vector<StatementLoop> loops;  // outermost first
  int depth = -1;                    // of the loop pointed at; -1 when none was
  std::string problem;               // an unknown statement or loop ("" when known)
};
Place locate(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
             const std::string& loop);

// "" when the statement has `count` loops (consecutive ones starting at the
// loop pointed at, when `from_loop` and one was), else why not:
// "S0 is in no loop", "needs two loops; S0 has one (i)",
// "k is the innermost loop of S1: needs a loop inside it".
std::string too_few_loops(const Place& place, int count, bool from_loop);

// locate() then too_few_loops(): the whole check of a command that only
// needs loops.
std::string needs_loops(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                        const std::string& loop, int count, bool from_loop);

// "" when another statement exists to order `statement` against.
std::string no_other_statement(const Program& program, const std::string& statement);

// The array the statement writes ("" when it writes nothing).
std::string written_array(const Statement& statement);
// Whether `array` is a temporary of the program (model/program.h Array::temporary).
bool is_temporary(const Program& program, const std::string& array);

// Whether some loop of the schedule carries a tag of kind `kind`.
bool has_tag_anywhere(const CommandContext& context, const isl::schedule& schedule, const std::string& kind);

// Whether a loop of the statement carries a tag of kind `kind` ("node",
// "gpu_block"), among its loops down to depth `depth` (-1: all of them).
bool has_tag(const CommandContext& context, const isl::schedule& schedule, const Statement& statement,
             const std::string& kind, int depth = -1);

}  // namespace loopscape::preconditions
