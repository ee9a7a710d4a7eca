// SPDX-License-Identifier: Apache-2.0
#include "commands/parameters.h"

#include <algorithm>
#include <cctype>

#include "commands/command.h"
#include "commands/loop_resolution.h"

namespace loopscape {

std::string kind_name(ParameterKind kind) {
  switch (kind) {
    case ParameterKind::Loop: return "loop";
    case ParameterKind::NewLoop: return "new loop name";
    case ParameterKind::Size: return "size";
    case ParameterKind::Integer: return "integer";
    case ParameterKind::Statement: return "statement";
    case ParameterKind::Node: return "node";
    case ParameterKind::NewNode: return "new node name";
    case ParameterKind::Array: return "array";
    case ParameterKind::IslMap: return "isl map";
    case ParameterKind::IslSet: return "isl set";
    case ParameterKind::List: return "list";
    case ParameterKind::Expression: return "expression";
    case ParameterKind::Flag: return "flag";
  }
  return "text";
}

namespace {

std::string written(const CommandParameter& p) {
  return p.repeats ? p.name + "1, " + p.name + "2, ..." : p.name;
}

std::string joined(const std::vector<CommandParameter>& ps) {
  std::string s;
  for (const CommandParameter& p : ps) s += (s.empty() ? "" : ", ") + written(p);
  return s;
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `what` with the other parameters' names replaced by what the call gives
// them, and N by the call's target: "the tile size of L2" -> "the tile size of j".
std::string as_called(const std::string& what, const std::vector<CommandParameter>& given, const CommandCall& call,
                      std::size_t self) {
  std::string out;
  std::size_t k = 0;
  while (k < what.size()) {
    if (!is_name_char(what[k]) || (k > 0 && is_name_char(what[k - 1]))) {
      out += what[k++];
      continue;
    }
    std::size_t end = k;
    while (end < what.size() && is_name_char(what[end])) ++end;
    const std::string word = what.substr(k, end - k);
    std::string replacement = word;
    if (word == "N") replacement = call.target;
    for (std::size_t a = 0; a < given.size() && a < call.args.size(); ++a)
      if (a != self && given[a].name == word) replacement = call.args[a].text;
    out += replacement;
    k = end;
  }
  return out;
}

}  // namespace

std::string CommandSyntax::text(const std::string& command) const {
  std::string s = command + "(" + joined(required);
  if (!optional.empty()) s += (required.empty() ? "[" : " [, ") + joined(optional) + "]";
  return s + ")";
}

bool CommandSyntax::variadic() const {
  auto repeats = [](const CommandParameter& p) { return p.repeats; };
  return std::any_of(required.begin(), required.end(), repeats) || std::any_of(optional.begin(), optional.end(), repeats);
}

bool CommandSyntax::accepts(std::size_t argument_count) const {
  if (variadic()) {
    std::size_t least = 0;
    for (const CommandParameter& p : required) least += p.repeats ? static_cast<std::size_t>(p.at_least) : 1;
    return argument_count >= least;
  }
  return argument_count == required.size() || (!optional.empty() && argument_count == required.size() + optional.size());
}

CommandParameter loop_parameter(std::string name, std::string what) {
  return {std::move(name), ParameterKind::Loop, std::move(what), ""};
}
CommandParameter new_loop_parameter(std::string name, std::string what) {
  return {std::move(name), ParameterKind::NewLoop, std::move(what), ""};
}
CommandParameter size_parameter(std::string name, std::string what, std::string proposal) {
  return {std::move(name), ParameterKind::Size, std::move(what), std::move(proposal)};
}
CommandParameter integer_parameter(std::string name, std::string what, std::string proposal) {
  return {std::move(name), ParameterKind::Integer, std::move(what), std::move(proposal)};
}
CommandParameter parameter(ParameterKind kind, std::string name, std::string what) {
  return {std::move(name), kind, std::move(what), ""};
}
CommandParameter repeated(CommandParameter p, int at_least) {
  p.repeats = true;
  p.at_least = at_least;
  return p;
}

std::string signature_text(const std::string& command, const std::vector<CommandSyntax>& syntaxes) {
  std::string s;
  for (const CommandSyntax& syntax : syntaxes) s += (s.empty() ? "" : " or ") + syntax.text(command);
  return s;
}

void check_arguments(const CommandCall& call, const std::vector<CommandSyntax>& syntaxes) {
  const std::size_t n = call.args.size();
  auto matching = std::find_if(syntaxes.begin(), syntaxes.end(), [n](const CommandSyntax& s) { return s.accepts(n); });
  if (matching == syntaxes.end()) {
    std::size_t most = 0;
    for (const CommandSyntax& s : syntaxes) most = std::max(most, s.required.size() + s.optional.size());
    const SourceLocation where = n > most && n > 0 ? call.args.back().where : call.where;
    throw InputError(where, call.command + " takes " + signature_text(call.command, syntaxes) + "; got " +
                                std::to_string(n) + " argument" + (n == 1 ? "" : "s"));
  }
  if (matching->variadic()) return;
  std::vector<CommandParameter> given = matching->required;
  if (n > given.size()) given.insert(given.end(), matching->optional.begin(), matching->optional.end());
  for (std::size_t k = 0; k < n; ++k) {
    if (given[k].kind == ParameterKind::Size) parse_positive_integer(call.args[k], as_called(given[k].what, given, call, k));
    if (given[k].kind == ParameterKind::Integer) parse_integer(call.args[k], as_called(given[k].what, given, call, k));
  }
}

}  // namespace loopscape
