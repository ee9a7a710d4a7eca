// SPDX-License-Identifier: Apache-2.0
#pragma once
// Knobs: a script argument left open as `tune(16, 32, 64)`, a choice of
// values measured by `loopscape-cli tune` (tuning/knob_tuner.h), which
// writes the fastest value back into the script as the first one. Wherever a
// script is simply applied, a knob takes its first value, so a script with
// knobs replays everywhere as it is.
//
//   S1.tile(i, j, tune(16, 32, 64), tune(8, 32))
//   S1.unroll(j1, tune(1, 2, 4, 8))
#include <string>
#include <vector>

#include "commands/command.h"

namespace loopscape {

struct Knob {
  std::size_t call = 0;      // which call of the script
  std::size_t argument = 0;  // which of its arguments
  std::vector<std::string> values;  // the first is the one used when not tuned
  SourceLocation where;      // the argument's place (the `t` of `tune`)
};

// True when the argument is written `tune(...)`.
bool is_knob(const CommandArgument& argument);

// The knobs of the calls, in order. Throws InputError at a knob with no
// value, an empty value, a value given twice, a value that is not plain (a
// nested knob, a list) or a missing `)`.
std::vector<Knob> find_knobs(const std::vector<CommandCall>& calls);

// The calls with knob k set to knobs[k].values[choice[k]].
std::vector<CommandCall> with_knob_values(std::vector<CommandCall> calls, const std::vector<Knob>& knobs,
                                          const std::vector<std::size_t>& choice);
// Every knob at its first value (what applying a script does).
std::vector<CommandCall> with_first_knob_values(const std::vector<CommandCall>& calls);

// `script_text` (the text `knobs` were read from) with each knob's chosen
// value moved to the front of its list: the script then replays with it, and
// can be tuned again.
std::string with_chosen_values_first(const std::string& script_text, const std::vector<Knob>& knobs,
                                     const std::vector<std::size_t>& choice);

}  // namespace loopscape
