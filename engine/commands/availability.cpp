// SPDX-License-Identifier: Apache-2.0
#include "commands/availability.h"

#include "commands/preconditions.h"
#include "commands/schedule_lookups.h"

namespace loopscape {

std::string CommandAvailability::reason(const std::string& command, const std::string& statement,
                                        const std::string& loop) const {
  auto it = reasons_.find({command, statement, loop});
  return it == reasons_.end() ? std::string() : it->second;
}

void CommandAvailability::set_reason(const std::string& command, const std::string& statement, const std::string& loop,
                                     const std::string& reason) {
  if (reason.empty())
    reasons_.erase({command, statement, loop});
  else
    reasons_[{command, statement, loop}] = reason;
}

CommandAvailability command_availability(const CommandContext& context, const isl::schedule& schedule) {
  CommandAvailability out;
  const ScheduleLookups lookups(context.program, schedule);
  CommandContext asking = context;
  asking.lookups = &lookups;
  for (const Statement& s : context.program.statements) {
    std::vector<std::string> places{""};  // the statement itself, then each named loop of it
    try {
      context.program.isl().bounded("loops of " + s.name, [&] {
        for (const StatementLoop& l : preconditions::locate(asking, schedule, s.name, "").loops)
          if (!l.name.empty()) places.push_back(l.name);
      });
    } catch (const std::exception&) {
      // Only the statement itself is asked about.
    }
    for (const Command* command : all_commands()) {
      if (command->target() == CommandTarget::Node) continue;
      for (const std::string& loop : places) {
        try {
          std::string why;
          context.program.isl().bounded("availability of " + command->name(),
                                        [&] { why = command->unavailable(asking, schedule, s.name, loop); });
          out.set_reason(command->name(), s.name, loop, why);
        } catch (const std::exception&) {
          // Available: applying it reports the failure where the user can read it.
        }
      }
    }
  }
  return out;
}

}  // namespace loopscape
