// SPDX-License-Identifier: Apache-2.0
// S.send(L, src, s, q [, {props}]): see commands/communication.h.
#include "commands/builtin_commands.h"
#include "commands/communication.h"
#include "commands/loop_resolution.h"

namespace loopscape {
namespace {

class SendCommand : public CommandBase {
 public:
  std::string name() const override { return "send"; }
  std::vector<CommandSyntax> syntaxes() const override { return transfer_syntaxes(true); }

  std::string summary() const override { return "Send a message to rank q at each iteration of loop L (distributed ranks)."; }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return transfer_unavailable(context, schedule, statement, loop);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    return record_transfer(context, call, schedule, true);
  }
};

}  // namespace

std::unique_ptr<Command> make_send_command() { return std::make_unique<SendCommand>(); }

}  // namespace loopscape
