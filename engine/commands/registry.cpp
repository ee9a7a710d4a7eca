// SPDX-License-Identifier: Apache-2.0
#include <algorithm>
#include <map>

#include "commands/builtin_commands.h"
#include "commands/command.h"
#include "model/program.h"

namespace loopscape {

std::string Command::unavailable(const CommandContext&, const isl::schedule&, const std::string&,
                                 const std::string&) const {
  return "";
}

std::string Command::repair_hint(const CommandContext&, const CommandCall&, const isl::schedule&,
                                 const LegalityReport&) const {
  return "";
}

std::string CommandCall::script_text() const {
  std::string s = target + "." + command + "(";
  for (std::size_t k = 0; k < args.size(); ++k) s += (k ? ", " : "") + args[k].text;
  return s + ")";
}

namespace {

// The plain list: one line per command file.
std::vector<std::unique_ptr<Command>> make_all() {
  std::vector<std::unique_ptr<Command>> v;
  // Loop transforms (statement-addressed).
  v.push_back(make_interchange_command());
  v.push_back(make_shift_command());
  v.push_back(make_split_command());
  v.push_back(make_tile_command());
  v.push_back(make_skew_command());
  v.push_back(make_loop_reversal_command());
  v.push_back(make_after_command());
  v.push_back(make_before_command());
  v.push_back(make_then_command());
  v.push_back(make_compute_at_command());
  v.push_back(make_inline_command());
  v.push_back(make_set_schedule_command());
  // Tree operations (node-addressed).
  v.push_back(make_tree_split_command());
  v.push_back(make_tree_cat_command());
  v.push_back(make_tree_apply_command());
  v.push_back(make_tree_reschedule_command());
  v.push_back(make_tree_interchange_command());
  v.push_back(make_tree_index_set_split_command());
  v.push_back(make_tree_tile_command());
  v.push_back(make_tree_fuse_command());
  v.push_back(make_tree_distribute_command());
  v.push_back(make_tree_parallel_command());
  v.push_back(make_tree_name_command());
  v.push_back(make_band_name_command());
  v.push_back(make_tree_set_schedule_command());
  // Tags, data and communication.
  v.push_back(make_parallelize_command());
  v.push_back(make_sequential_command());
  v.push_back(make_vectorize_command());
  v.push_back(make_unroll_command());
  v.push_back(make_distribute_command());
  v.push_back(make_gpu_command());
  v.push_back(make_tile_gpu_command());
  v.push_back(make_gpu_auto_command());
  v.push_back(make_pipeline_command());
  v.push_back(make_space_time_transform_command());
  v.push_back(make_store_in_command());
  v.push_back(make_storage_fold_command());
  v.push_back(make_cache_shared_at_command());
  v.push_back(make_copy_at_command());
  v.push_back(make_send_command());
  v.push_back(make_receive_command());
  return v;
}

// Node commands once spelled like a statement command of another meaning:
// scripts written with the old spelling keep working, and the history says
// the new one.
const std::map<std::string, std::string>& old_node_spellings() {
  static const std::map<std::string, std::string> spellings{
      {"split", "split_band"},   // S.split strip-mines a loop; N.split_band splits a band
      {"distribute", "fission"}, // S.distribute spreads a loop over MPI ranks; N.fission is loop fission
  };
  return spellings;
}

// A name with a statement form and a node form: the same transform on a
// statement's loops or on a named band (tile, interchange), or a node form
// under its old spelling (`renamed`: only scripts reach it, menus list the
// node form under its own name).
class DispatchCommand : public Command {
 public:
  DispatchCommand(const Command* statement, const Command* node, bool renamed)
      : statement_(statement), node_(node), renamed_(renamed) {}
  std::string name() const override { return statement_->name(); }
  // The statement form's: a caller that knows it has a node asks find_command(name, CommandTarget::Node).
  std::vector<CommandSyntax> syntaxes() const override { return statement_->syntaxes(); }
  std::string summary() const override {
    if (renamed_)
      return statement_->summary() + " (On a node name, " + name() + " is the old spelling of " + node_->name() + ".)";
    return statement_->summary() + " On a node name: " + node_->summary();
  }
  CommandOutcome apply(const CommandContext& context, const CommandCall& call,
                       const isl::schedule& schedule) const override {
    const bool is_statement = context.program.find_statement(call.target) != nullptr;
    if (is_statement || !renamed_) return (is_statement ? statement_ : node_)->apply(context, call, schedule);
    CommandCall renamed = call;
    renamed.command = node_->name();
    CommandOutcome out = node_->apply(context, renamed, schedule);
    out.description += " (" + call.target + "." + call.command + " is the old spelling of " + call.target + "." +
                       node_->name() + ")";
    return out;
  }
  std::string unavailable(const CommandContext& context, const isl::schedule& schedule, const std::string& target,
                          const std::string& loop) const override {
    const bool is_statement = context.program.find_statement(target) != nullptr;
    return (is_statement ? statement_ : node_)->unavailable(context, schedule, target, loop);
  }
  std::string repair_hint(const CommandContext& context, const CommandCall& call, const isl::schedule& schedule,
                          const LegalityReport& report) const override {
    const bool is_statement = context.program.find_statement(call.target) != nullptr;
    return (is_statement ? statement_ : node_)->repair_hint(context, call, schedule, report);
  }

 private:
  const Command* statement_;
  const Command* node_;
  bool renamed_;
};

struct Registry {
  std::vector<std::unique_ptr<Command>> owned;
  std::vector<std::unique_ptr<Command>> dispatchers;
  std::map<std::string, const Command*> by_name;
  std::map<std::string, const Command*> statement_form;
  std::map<std::string, const Command*> node_form;

  Registry() : owned(make_all()) {
    for (const auto& c : owned) {
      auto& forms = c->target() == CommandTarget::Statement ? statement_form : node_form;
      forms[c->name()] = c.get();
    }
    for (const auto& [name, c] : statement_form) {
      auto n = node_form.find(name);
      auto old = old_node_spellings().find(name);
      const bool renamed = n == node_form.end() && old != old_node_spellings().end();
      if (renamed) n = node_form.find(old->second);
      if (n == node_form.end()) {
        by_name[name] = c;
      } else {
        dispatchers.push_back(std::make_unique<DispatchCommand>(c, n->second, renamed));
        by_name[name] = dispatchers.back().get();
      }
    }
    for (const auto& [name, c] : node_form)
      if (!by_name.count(name)) by_name[name] = c;
  }
};

const Registry& registry() {
  static const Registry r;
  return r;
}

}  // namespace

const Command* find_command(const std::string& name) {
  const auto& m = registry().by_name;
  auto it = m.find(name);
  return it == m.end() ? nullptr : it->second;
}

const Command* find_command(const std::string& name, CommandTarget target) {
  const auto& m = target == CommandTarget::Statement ? registry().statement_form : registry().node_form;
  auto it = m.find(name);
  return it == m.end() ? nullptr : it->second;
}

std::string new_node_spelling(const std::string& old_name) {
  auto it = old_node_spellings().find(old_name);
  return it == old_node_spellings().end() ? "" : it->second;
}

std::vector<const Command*> all_commands(CommandTarget target) {
  std::vector<const Command*> out;
  for (const auto& [name, c] : target == CommandTarget::Statement ? registry().statement_form : registry().node_form)
    out.push_back(c);
  return out;
}

std::vector<const Command*> all_commands() {
  std::vector<const Command*> out;
  for (const auto& [name, c] : registry().by_name) out.push_back(c);
  return out;
}

}  // namespace loopscape
