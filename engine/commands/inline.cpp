// S.inline(): substitute S's value into its consumers (refused unless exact).
#include "commands/builtin_commands.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

class InlineCommand : public CommandBase {
 public:
  std::string name() const override { return "inline"; }
  std::string signature() const override { return "inline()"; }
  std::string summary() const override {
    return "Substitutes the statement's value into the statements that read it and drops the statement; "
           "refused when that is not exact (its array is visible after the region, or a consumer reads a "
           "value another statement wrote).";
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule&) const override {
    expect_argument_count(call, {0}, signature());
    const Program& program = ctx.program;
    const Statement& s = require_statement(program, call);
    std::string array;
    for (const Access& a : s.accesses)
      if (a.kind == Access::Kind::Write) array = a.array;
    const Array* arr = program.find_array(array);
    if (!arr || !arr->declared_in_region)
      throw InputError(call.where, "inlining " + s.name + " is not exact: it writes " + array +
                                       ", which is visible after the region, so dropping its writes would change "
                                       "the results");
    std::vector<std::string> consumers;
    for (const Dependence& d : ctx.dependences.list)
      if (d.kind == DependenceKind::ReadAfterWrite && d.source_statement == s.name)
        consumers.push_back(d.sink_statement);
    for (const Dependence& d : ctx.dependences.list)
      if (d.kind == DependenceKind::ReadAfterWrite && d.array == array && d.source_statement != s.name)
        throw InputError(call.where, "inlining " + s.name + " is not exact: " + d.sink_statement + " reads " + array +
                                         " written by " + d.source_statement + " too");
    throw InputError(call.where, "inlining " + s.name + " into " + list_text(consumers) +
                                     " needs its value substituted in the generated code, which this version "
                                     "does not do yet");
  }
};

}  // namespace

std::unique_ptr<Command> make_inline_command() { return std::make_unique<InlineCommand>(); }

}  // namespace loopscape
