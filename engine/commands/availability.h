// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which statement commands may apply where, for menus that must not run isl
// themselves (the app asks the engine thread once per shown schedule):
// Command::unavailable for every statement command, for every statement on
// its own and at each of its loops.
#include <isl/cpp.h>

#include <map>
#include <string>
#include <tuple>

#include "commands/command.h"

namespace loopscape {

class CommandAvailability {
 public:
  // "" when `command` may apply to `statement` (at `loop`, "" for none), else
  // the reason. Places it was not asked about count as available.
  std::string reason(const std::string& command, const std::string& statement, const std::string& loop = {}) const;
  void set_reason(const std::string& command, const std::string& statement, const std::string& loop,
                  const std::string& reason);
  std::size_t unavailable_count() const { return reasons_.size(); }

 private:
  std::map<std::tuple<std::string, std::string, std::string>, std::string> reasons_;  // only unavailable places
};

// Asks every statement command about every statement of the program and each
// loop of it in `schedule`. A command whose query fails (an isl error) counts
// as available: its form will show what is wrong.
CommandAvailability command_availability(const CommandContext& context, const isl::schedule& schedule);

}  // namespace loopscape
