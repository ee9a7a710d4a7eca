// SPDX-License-Identifier: Apache-2.0
#pragma once
// The commands described from their typed parameters, as `loopscape-cli
// commands` prints them: every command on a line, or one command whole.
#include <string>

namespace loopscape {

// Every command, statement forms (S.name) then node forms (N.name): its
// call and the first sentence of its summary.
std::string commands_overview();

// One command by name: each form's syntaxes, its summary and a table of its
// parameters (name, kind, meaning, what a form proposes). "" when no
// command has this name.
std::string command_reference(const std::string& name);

}  // namespace loopscape
