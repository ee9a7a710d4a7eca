// SPDX-License-Identifier: Apache-2.0
#pragma once
// Schedule scripts: one command per line, in the syntax of the C++ API.
//
//   # interchange, then tile the new nest
//   S1.interchange(k, j)
//   S1.tile(j, k, 32, 32, j0, k0, j1, k1)
//   S0.space_time_transform({i, j}, {1, 1})
//   R.apply_map({ S0[i, j] -> [j, i] })
//   S0.rename(i, "i outer")
//
// A line is `TARGET.COMMAND(ARG, ...)`, optionally ended by `;`. `#` starts a
// comment (outside braces and quotes); blank lines are skipped. An argument is
// everything up to the next comma or `)` outside brackets, trimmed: a name, a
// number, an isl set or map `{ ... }`, a list `{i, j}`, or a string in double
// quotes (`\"` and `\\` escaped) whose contents are the argument. Every error
// names file:line:column (the argument's column for a malformed argument).
#include <optional>
#include <string>
#include <vector>

#include "commands/command.h"
#include "session/session.h"
#include "support/error.h"

namespace loopscape {

// Parses one line (without its newline). `line_start` names the file and line;
// columns count bytes from 1. nullopt for a blank or comment-only line.
// Throws InputError at the offending column.
std::optional<CommandCall> parse_script_line(const std::string& line, const SourceLocation& line_start);

// Every command of a script's text; `file` is the name errors use.
std::vector<CommandCall> parse_script(const std::string& text, const std::string& file);

// A script file's text (InputError naming the file when unreadable).
std::string read_script_text(const std::string& path);
// Reads and parses a script file (InputError naming the file when unreadable).
std::vector<CommandCall> read_script(const std::string& path);

// A call as a script line, arguments quoted only where they must be; parsing
// the line gives the call back.
std::string format_call(const CommandCall& call);

// Builds a call from code (the C++ API): arguments carry no location.
CommandCall make_call(const std::string& target, const std::string& command,
                      const std::vector<std::string>& args, SourceLocation where = {});

struct ScriptRun {
  std::size_t applied = 0;        // commands applied before the refusal (all when none)
  std::optional<Refusal> refusal;  // the first refused command, if any
};

// Applies the calls in order and stops at the first refusal; the commands
// before it stay applied. A knob (`tune(16, 32)`, session/knobs.h) takes its
// first value.
ScriptRun apply_script(Session& session, const std::vector<CommandCall>& calls);

}  // namespace loopscape
