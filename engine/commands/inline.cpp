// SPDX-License-Identifier: Apache-2.0
// S.inline(): every read of S's value recomputes S's expression instead, and
// S no longer runs (Tiramisu's inline). Exact only when nothing else can see
// S's array, so it is refused unless:
//   - the array S writes is a temporary (model/program.h) that only S writes,
//     and S does not read it (an update needs its earlier value);
//   - every read of it sees S's value for all of its instances, the producing
//     instance being one affine function of the reader's loops;
//   - nothing overwrites what S reads between S's time and a reader's time
//     (analysis/inlining.h; checked again after every later command).
// S stays in the schedule, recorded as "@inline(S)", so that later commands
// keep its dependences; code generation drops it.
#include <algorithm>

#include "analysis/inlining.h"
#include "analysis/producers.h"
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/transform_support.h"
#include "schedule/data_layout.h"

namespace loopscape {
namespace {

// Why `s` cannot be inlined, checked on the program and the recorded layout
// only (cheap enough for menus); "" when inline() may apply. The exactness of
// each read is checked when the command runs.
std::string not_inlinable(const Program& program, const isl::schedule& schedule, const Statement& s) {
  const std::string array = preconditions::written_array(s);
  if (array.empty()) return s.name + " writes nothing: there is no value to inline";
  if (s.guard) return s.name + " runs only where its condition on data holds: elsewhere " + array + " keeps its old value, which no expression can recompute";
  if (!preconditions::is_temporary(program, array))
    return s.name + " writes " + array + ", which code after the region can see: only temporaries can be inlined";
  for (const Access& a : s.accesses)
    if (a.kind == Access::Kind::Read && a.array == array)
      return s.name + " reads " + array + ", the array it writes: its value depends on an earlier one";
  for (const Statement& other : program.statements)
    for (const Access& a : other.accesses)
      if (&other != &s && a.kind == Access::Kind::Write && a.array == array)
        return other.name + " writes " + array + " too";
  const DataLayout layout = data_layout(schedule);
  if (std::find(layout.inlined.begin(), layout.inlined.end(), s.name) != layout.inlined.end())
    return s.name + " is inlined already";
  if (layout.mapping_of(s.name) || std::any_of(layout.folds.begin(), layout.folds.end(),
                                               [&](const StorageFold& f) { return f.statement == s.name; }))
    return s.name + " has a storage mapping or fold: an inlined statement stores nothing";
  return "";
}

class InlineCommand : public CommandBase {
 public:
  std::string name() const override { return "inline"; }
  std::vector<CommandSyntax> syntaxes() const override { return {CommandSyntax{}}; }
  std::string summary() const override {
    return "Substitutes the statement's expression into every read of its value and drops the statement "
           "(its array must be a temporary that only it writes).";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string&) const override {
    const Statement* s = context.program.find_statement(statement);
    return s ? not_inlinable(context.program, schedule, *s) : "'" + statement + "' is not a statement";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Program& program = ctx.program;
    const Statement& s = require_statement(program, call);
    if (const std::string why = not_inlinable(program, schedule, s); !why.empty())
      throw InputError(call.where, "cannot inline " + s.name + ": " + why);
    const std::string array = preconditions::written_array(s);
    const std::vector<ReadOfValues> reads = reads_of_values(program, s, call.where);
    CommandOutcome out;
    out.schedule = add_inlining(schedule, s.name);
    const std::vector<std::string> problems = check_inlinings(program, out.schedule);
    if (!problems.empty()) throw InputError(call.where, "inlining " + s.name + " is not exact: " + problems.front());

    std::vector<std::string> readers;
    for (const ReadOfValues& r : reads)
      if (std::find(readers.begin(), readers.end(), r.reader->name) == readers.end()) readers.push_back(r.reader->name);
    out.description = readers.empty()
                          ? "drops " + s.name + ", whose value nothing reads"
                          : "inlines " + s.name + " into " + list_text(readers) + " (" + std::to_string(reads.size()) +
                                (reads.size() == 1 ? " read of " + array + " recomputes it); "
                                                    : " reads of " + array + " recompute it); ") +
                                s.name + " no longer runs";
    out.changed_statements = {s.name};
    out.changed_statements.insert(out.changed_statements.end(), readers.begin(), readers.end());
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_inline_command() { return std::make_unique<InlineCommand>(); }

}  // namespace loopscape
