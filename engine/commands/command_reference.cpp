// SPDX-License-Identifier: Apache-2.0
#include "commands/command_reference.h"

#include <algorithm>

#include "commands/command.h"
#include "support/text.h"

namespace loopscape {

namespace {

std::string prefix(CommandTarget target) { return target == CommandTarget::Statement ? "S." : "N."; }

std::string first_sentence(const std::string& text) {
  const std::size_t end = text.find(". ");
  return end == std::string::npos ? text : text.substr(0, end + 1);
}

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.resize(width, ' ');
  return text + " ";
}

std::string parameter_table(const Command& command) {
  std::vector<CommandParameter> seen;
  for (const CommandSyntax& syntax : command.syntaxes()) {
    for (const auto* list : {&syntax.required, &syntax.optional})
      for (const CommandParameter& p : *list)
        if (std::none_of(seen.begin(), seen.end(), [&](const CommandParameter& q) { return q.name == p.name; }))
          seen.push_back(p);
  }
  std::string out;
  for (const CommandParameter& p : seen) {
    std::string meaning = p.what;
    if (p.repeats) meaning += p.at_least == 2 ? ", two or more" : ", one or more";
    if (!p.proposal.empty()) meaning += " (the form proposes " + p.proposal + ")";
    const std::string head = "  " + padded(p.repeats ? p.name + "1.." : p.name, 12) + padded(kind_name(p.kind), 14);
    out += head + wrapped(meaning, head.size(), head.size()) + "\n";
  }
  return out;
}

std::string one_form(const Command& command, CommandTarget target) {
  std::string out;
  for (const CommandSyntax& syntax : command.syntaxes()) out += prefix(target) + syntax.text(command.name()) + "\n";
  out += "  " + wrapped(command.summary(), 2, 2) + "\n";
  return out + parameter_table(command);
}

}  // namespace

std::string commands_overview() {
  std::string out;
  for (CommandTarget target : {CommandTarget::Statement, CommandTarget::Node}) {
    out += target == CommandTarget::Statement ? "Statement commands (S: a statement name or C label):\n"
                                              : "\nNode commands (N: a named schedule-tree node):\n";
    for (const Command* command : all_commands(target)) {
      const std::string head = "  " + padded(prefix(target) + command->name(), 24);
      out += head + wrapped(first_sentence(command->summary()), head.size(), head.size()) + "\n";
    }
  }
  return out + "\nRun 'loopscape-cli commands NAME' for a command's syntax and parameters.\n";
}

std::string command_reference(const std::string& written) {
  // "S.tile" and "N.fuse" as the overview writes them, or the bare name.
  std::string name = written;
  std::vector<CommandTarget> targets{CommandTarget::Statement, CommandTarget::Node};
  if (name.rfind("S.", 0) == 0 || name.rfind("N.", 0) == 0) {
    targets = {name[0] == 'S' ? CommandTarget::Statement : CommandTarget::Node};
    name = name.substr(2);
  }
  std::string out;
  for (CommandTarget target : targets)
    if (const Command* command = find_command(name, target)) out += (out.empty() ? "" : "\n") + one_form(*command, target);
  if (const std::string renamed = new_node_spelling(name); !out.empty() && !renamed.empty())
    out += "\nN." + name + " is the old spelling of N." + renamed + " (loopscape-cli commands " + renamed +
           "); scripts that use it still run.\n";
  return out;
}

}  // namespace loopscape
