// SPDX-License-Identifier: Apache-2.0
// N.name(NEW) renames node N; S.name(L, NEW) names the band holding loop L of statement S.
#include "commands/builtin_commands.h"
#include "commands/preconditions.h"
#include "commands/transform_support.h"

namespace loopscape {
namespace {

void check_free_name(const Program& program, const EditNode& root, const CommandArgument& arg) {
  const std::string name = parse_identifier(arg, "a node name");
  EditPath p;
  if (find_named(root, name, p)) throw InputError(arg.where, "'" + name + "' already names a node");
  if (program.find_statement(name)) throw InputError(arg.where, "'" + name + "' is a statement");
}

// Names the node at `path` (below its marks), replacing its name.
void name_node(EditNode& root, const EditPath& path, const std::string& name) {
  EditPath p = path;
  while (!p.empty()) {
    EditPath up(p.begin(), p.end() - 1);
    EditNode& m = node_at(root, up);
    if (!m.is_mark()) break;
    if (m.is_name_mark()) {
      m.mark = name;
      return;
    }
    p = up;
  }
  EditNode& top = node_at(root, p);
  top = make_mark(name, std::move(top));
}

class TreeNameCommand : public CommandBase {
 public:
  std::string name() const override { return "name"; }
  CommandTarget target() const override { return CommandTarget::Node; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{parameter(ParameterKind::NewNode, "NEW", "the new name")}, {}}};
  }
  std::string summary() const override { return "Renames node N to NEW."; }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    EditNode root = to_edit_tree(schedule);
    EditPath path = require_node(root, call);
    check_free_name(ctx.program, root, call.args[0]);
    name_node(root, path, call.args[0].text);
    CommandOutcome out;
    out.description = "renames node " + call.target + " to " + call.args[0].text;
    out.schedule = to_schedule(root);
    return out;
  }
};

class BandNameCommand : public CommandBase {
 public:
  std::string name() const override { return "name"; }
  std::vector<CommandSyntax> syntaxes() const override {
    return {
        {{loop_parameter("L", "a loop of the band to name"),
          parameter(ParameterKind::NewNode, "NEW", "the band's name")}, {}}};
  }
  std::string summary() const override {
    return "Names NEW the band (loop node) that holds the statement's loop L, so tree operations can address it.";
  }

  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& statement,
                          const std::string& loop) const override {
    return preconditions::needs_loops(context, schedule, statement, loop, 1, false);
  }

 protected:
  CommandOutcome run(const CommandContext& ctx, const CommandCall& call, const isl::schedule& schedule) const override {
    const Statement& s = require_statement(ctx.program, call);
    EditNode root = to_edit_tree(schedule);
    StatementLoop l = resolve_loop(ctx.program, root, s, call.args[0]);
    check_free_name(ctx.program, root, call.args[1]);
    const std::string old = edit_node_name(root, l.band);
    name_node(root, l.band, call.args[1].text);
    CommandOutcome out;
    out.description = "names " + call.args[1].text + " the band holding loop " + l.name + " of " +
                      list_text(statements_reaching(ctx.program, root, l.band)) +
                      (old.empty() ? std::string() : " (was " + old + ")");
    out.schedule = to_schedule(root);
    return out;
  }
};

}  // namespace

std::unique_ptr<Command> make_tree_name_command() { return std::make_unique<TreeNameCommand>(); }
std::unique_ptr<Command> make_band_name_command() { return std::make_unique<BandNameCommand>(); }

}  // namespace loopscape
