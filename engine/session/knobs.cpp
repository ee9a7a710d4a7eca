// SPDX-License-Identifier: Apache-2.0
#include "session/knobs.h"

#include <sstream>

#include "support/c_text.h"
#include "support/error.h"

namespace loopscape {

namespace {

constexpr const char* kKnobOpen = "tune(";

// The values between `tune(` and `)`, split at commas.
std::vector<std::string> knob_values(const CommandArgument& argument) {
  const std::string text = trimmed(argument.text);
  if (text.back() != ')') throw InputError(argument.where, "missing ')' after the values of '" + text + "'");
  const std::string inside = text.substr(std::string(kKnobOpen).size(),
                                         text.size() - std::string(kKnobOpen).size() - 1);
  std::vector<std::string> values;
  std::stringstream items(inside);
  for (std::string item; std::getline(items, item, ',');) {
    item = trimmed(item);
    if (item.empty()) throw InputError(argument.where, "an empty value in '" + text + "'");
    if (item.find_first_of("(){}[]") != std::string::npos)
      throw InputError(argument.where, "the values of '" + text + "' must be plain (a number or a name), not '" +
                                           item + "'");
    for (const std::string& v : values)
      if (v == item) throw InputError(argument.where, "'" + text + "' gives the value " + item + " twice");
    values.push_back(item);
  }
  if (values.empty()) throw InputError(argument.where, "'" + text + "' gives no value to try");
  return values;
}

}  // namespace

bool is_knob(const CommandArgument& argument) { return trimmed(argument.text).rfind(kKnobOpen, 0) == 0; }

std::vector<Knob> find_knobs(const std::vector<CommandCall>& calls) {
  std::vector<Knob> knobs;
  for (std::size_t c = 0; c < calls.size(); ++c)
    for (std::size_t a = 0; a < calls[c].args.size(); ++a)
      if (is_knob(calls[c].args[a])) knobs.push_back({c, a, knob_values(calls[c].args[a]), calls[c].args[a].where});
  return knobs;
}

std::vector<CommandCall> with_knob_values(std::vector<CommandCall> calls, const std::vector<Knob>& knobs,
                                          const std::vector<std::size_t>& choice) {
  for (std::size_t k = 0; k < knobs.size(); ++k)
    calls.at(knobs[k].call).args.at(knobs[k].argument).text = knobs[k].values.at(choice.at(k));
  return calls;
}

std::vector<CommandCall> with_first_knob_values(const std::vector<CommandCall>& calls) {
  const std::vector<Knob> knobs = find_knobs(calls);
  if (knobs.empty()) return calls;
  return with_knob_values(calls, knobs, std::vector<std::size_t>(knobs.size(), 0));
}

std::string with_chosen_values_first(const std::string& script_text, const std::vector<Knob>& knobs,
                                     const std::vector<std::size_t>& choice) {
  std::vector<std::string> lines;
  std::stringstream in(script_text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  // From the last knob back, so that the columns of earlier ones on a line still hold.
  for (std::size_t k = knobs.size(); k-- > 0;) {
    const Knob& knob = knobs[k];
    if (knob.where.line == 0 || knob.where.line > lines.size()) continue;
    std::string& line = lines[knob.where.line - 1];
    const std::size_t start = line.find(kKnobOpen, knob.where.column > 0 ? knob.where.column - 1 : 0);
    if (start == std::string::npos) continue;
    const std::size_t end = line.find(')', start);
    if (end == std::string::npos) continue;
    std::vector<std::string> ordered{knob.values.at(choice.at(k))};
    for (std::size_t v = 0; v < knob.values.size(); ++v)
      if (v != choice.at(k)) ordered.push_back(knob.values[v]);
    std::string text = kKnobOpen;
    for (std::size_t v = 0; v < ordered.size(); ++v) text += (v ? ", " : "") + ordered[v];
    line.replace(start, end + 1 - start, text + ")");
  }
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

}  // namespace loopscape
