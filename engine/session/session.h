// SPDX-License-Identifier: Apache-2.0
#pragma once
// A session: a program plus an ordered list of commands. The schedule is what
// replaying the commands on the original schedule gives; undo drops the last
// command, redo re-applies it. The history is a tree: a command applied after
// undo starts a new line of work and keeps the old one as a variant, and
// switching to a variant keeps the line left the same way. The GUI, the command line and exported C++
// programs (api/loopscape.h) share this class.
//
// Every command goes through the exact legality check (analysis/legality.h)
// before it joins the session. A command that is refused (bad arguments, an
// illegal result, isl's operation quota) leaves the session exactly as it was.
#include <isl/cpp.h>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "analysis/legality.h"
#include "commands/command.h"
#include "loading/load_program.h"

namespace loopscape {

class StatementHandle;  // api/loopscape.h

struct AppliedCommand {
  CommandCall call;
  CommandOutcome outcome;  // outcome.schedule: the schedule after this step
  // The check that let the step in: the views show it instead of checking again.
  std::shared_ptr<const LegalityReport> legality;
};

// Another line of work: its steps from the original schedule (each one as
// applied and checked, so switching to it replays nothing).
struct Variant {
  std::vector<AppliedCommand> steps;
  std::string script() const;  // one command per line
};

// Why a command was refused: bad arguments, or an illegal result.
struct Refusal {
  enum class Kind {
    Arguments,  // unknown command, bad argument (InputError): message has the location
    Illegal,    // the result breaks a dependence or a parallel tag: `legality` is set
    Quota,      // isl stopped at its operation quota (or failed) on the way
    Internal,   // the command failed in an unexpected way (a bug): message says where
  };
  Kind kind = Kind::Arguments;
  CommandCall call;
  std::string message;               // "file:line:column: ..." for argument errors
  std::optional<LegalityReport> legality;  // set when the result was illegal
  std::string repair_hint;

  // The whole report, one fact per line: the refused call and its location,
  // for an illegal result every broken dependence with its concrete source and
  // sink iterations, and the repair hint. Ends with a newline.
  std::string report() const;
};

// Thrown by Session::apply_or_throw (and so by the public API) for a refused command.
class CommandRefused : public std::runtime_error {
 public:
  explicit CommandRefused(Refusal refusal);
  const Refusal& refusal() const { return refusal_; }

 private:
  Refusal refusal_;
};

class Session {
 public:
  // How a command name becomes a command; find_command when empty (tests
  // inject their own commands here).
  using CommandLookup = std::function<const Command*(const std::string&)>;

  explicit Session(LoadedProgram loaded, CommandLookup lookup = {});
  explicit Session(std::shared_ptr<const LoadedProgram> loaded, CommandLookup lookup = {});

  const LoadedProgram& loaded() const { return *loaded_; }
  const std::shared_ptr<const LoadedProgram>& loaded_ptr() const { return loaded_; }
  const Program& program() const { return loaded_->program; }
  const Dependences& dependences() const { return loaded_->dependences; }

  // The schedule after the applied commands (the original one when none).
  const isl::schedule& schedule() const;
  // The schedule after the first `step` commands (0: the original).
  // Throws std::out_of_range when step > history().size().
  const isl::schedule& schedule_at(std::size_t step) const;

  const std::vector<AppliedCommand>& history() const { return applied_; }
  const std::vector<AppliedCommand>& redo_list() const { return redo_; }  // next redo last

  // The legality of the schedule after `step` commands: the applied step's,
  // and for the original schedule one check, made the first time it is asked
  // for (by the first view or the first command) and kept. A command's check
  // starts from its current step's report (only the dependences of statements
  // it changes are checked again). Throws std::out_of_range past the history.
  std::shared_ptr<const LegalityReport> legality_at(std::size_t step) const;

  // Applies a command when it is legal; otherwise leaves the session
  // unchanged and returns the refusal. On success the redo list goes: with
  // the steps before it, it is kept as a variant (unless one has the same
  // steps); a variant with the same steps as the new line leaves the list.
  std::optional<Refusal> apply(const CommandCall& call);
  // Replaces the last step by `call` when that is legal (one value of a drag
  // replacing the one before): no variant is kept and the redo list goes.
  // Refused: the session is unchanged.
  std::optional<Refusal> replace_last(const CommandCall& call);
  // Same as apply, but throws CommandRefused with the refusal.
  void apply_or_throw(const CommandCall& call);
  // Applies without changing the session (preview for the GUI).
  std::variant<AppliedCommand, Refusal> preview(const CommandCall& call) const;

  bool can_undo() const { return !applied_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // Both do nothing (and return false) when there is nothing to undo / redo.
  bool undo();
  bool redo();

  // The commands as script text, one per line (session/script.h reads it back).
  std::string script() const;

  // The other lines of work, oldest first.
  const std::vector<Variant>& variants() const { return variants_; }
  // The current line: the applied steps, then the undone ones (next redo first).
  Variant current_line() const;
  // How many first steps `variant` shares with the current line.
  std::size_t shared_steps(const Variant& variant) const;
  // Makes variant `k` the current line, all its steps applied and nothing to
  // redo; the current line takes its place among the variants (or leaves the
  // list when it has no step). False when there is no variant `k`.
  bool switch_to_variant(std::size_t k);
  // Adds a line of work from commands (a saved session's variants), each one
  // checked as if applied from the original schedule; the current line does
  // not change. A line that is the current line or its first steps, or that
  // another variant already holds, adds nothing. Returns the first refusal,
  // adding nothing then.
  std::optional<Refusal> add_variant(const std::vector<CommandCall>& calls);

  // Typed commands on a statement or node: session.statement("S1").tile(...)
  // (defined with the public API, api/loopscape.h).
  StatementHandle statement(const std::string& name);

 private:
  std::shared_ptr<const LoadedProgram> loaded_;
  CommandLookup lookup_;
  std::vector<AppliedCommand> applied_;
  std::vector<AppliedCommand> redo_;
  std::vector<Variant> variants_;
  void keep_variant(Variant line);
  // Shared by copies of the session: they open the same program.
  struct OriginalLegality {
    std::mutex mutex;
    std::shared_ptr<const LegalityReport> report;
  };
  std::shared_ptr<OriginalLegality> original_legality_ = std::make_shared<OriginalLegality>();
};

}  // namespace loopscape
