#pragma once
// A session: a program plus an ordered list of commands. The schedule is what
// replaying the commands on the original schedule gives; undo drops the last
// command, redo re-applies it. The GUI and the command line share this class.
#include <isl/cpp.h>

#include <memory>
#include <optional>
#include <variant>
#include <string>
#include <vector>

#include "analysis/legality.h"
#include "commands/command.h"
#include "pipeline/pipeline.h"

namespace loopscape {

struct AppliedCommand {
  CommandCall call;
  CommandOutcome outcome;  // outcome.schedule: the schedule after this step
};

// Why a command was refused: bad arguments, or an illegal result.
struct Refusal {
  CommandCall call;
  std::string message;               // "file:line:column: ..." for argument errors
  std::optional<LegalityReport> legality;  // set when the result was illegal
  std::string repair_hint;
};

class Session {
 public:
  explicit Session(LoadedProgram loaded);

  const LoadedProgram& loaded() const { return *loaded_; }
  const Program& program() const { return loaded_->program; }
  const Dependences& dependences() const { return loaded_->dependences; }

  // The schedule after the applied commands (the original one when none).
  const isl::schedule& schedule() const;
  // The schedule after the first `step` commands (0: the original).
  const isl::schedule& schedule_at(std::size_t step) const;

  const std::vector<AppliedCommand>& history() const { return applied_; }

  // Applies a command when it is legal; otherwise leaves the session
  // unchanged and returns the refusal. Clears the redo list on success.
  std::optional<Refusal> apply(const CommandCall& call);
  // Applies without changing the session (preview for the GUI).
  std::variant<AppliedCommand, Refusal> preview(const CommandCall& call) const;

  bool can_undo() const { return !applied_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  void undo();
  void redo();

  // The commands as script text, one per line.
  std::string script() const;

 private:
  std::shared_ptr<const LoadedProgram> loaded_;
  std::vector<AppliedCommand> applied_;
  std::vector<AppliedCommand> redo_;
};

}  // namespace loopscape
