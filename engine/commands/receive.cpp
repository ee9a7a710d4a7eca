// SPDX-License-Identifier: Apache-2.0
// S.receive(L, dst, s, q [, {props}]): see commands/communication.h.
#include "commands/builtin_commands.h"
#include "commands/communication.h"
#include "commands/loop_resolution.h"

namespace loopscape {
namespace {

class ReceiveCommand : public CommandBase {
 public:
  std::string name() const override { return "receive"; }
  std::vector<CommandSyntax> syntaxes() const override { return transfer_syntaxes(false); }

  std::string summary() const override { return "Receive a message from rank q at each iteration of loop L (distributed ranks)."; }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return transfer_unavailable(context, schedule, statement, loop);
  }

 protected:
  CommandOutcome run(const CommandContext& context, const CommandCall& call,
                     const isl::schedule& schedule) const override {
    return record_transfer(context, call, schedule, false);
  }
};

}  // namespace

std::unique_ptr<Command> make_receive_command() { return std::make_unique<ReceiveCommand>(); }

}  // namespace loopscape
