// SPDX-License-Identifier: Apache-2.0
#include "layer1/declaration_support.h"

#include <cctype>
#include <set>

namespace loopscape::tiramisu::detail {
namespace {

bool is_identifier(const std::string& s) {
  static const std::set<std::string> keywords = {
      "auto",   "break",  "case",     "char",   "const",    "continue", "default",  "do",     "double",
      "else",   "enum",   "extern",   "float",  "for",      "goto",     "if",       "inline", "int",
      "long",   "register", "restrict", "return", "short",  "signed",   "sizeof",   "static", "struct",
      "switch", "typedef", "union",   "unsigned", "void",   "volatile", "while"};
  if (s.empty() || keywords.count(s)) return false;
  if (!std::isalpha(static_cast<unsigned char>(s[0])) && s[0] != '_') return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

}  // namespace

void check_name(const std::string& name, const char* what, const where& at) {
  if (!is_identifier(name))
    fail(at, std::string("'") + name + "' cannot name a " + what +
                 ": names are C identifiers (letters, digits, '_'), not keywords");
}

FunctionData& owner(const where& at, const char* what) {
  function* f = function::current();
  if (!f)
    fail(at, std::string("a ") + what +
                 " outside any function: construct a tiramisu::function (or call init(\"name\")) first");
  return f->data();
}

void require_open(const FunctionData& f, const where& at, const std::string& what) {
  if (f.frozen())
    fail(at, what + " after the first schedule command of function '" + f.name +
                 "': Layer I (computations, buffers, store_in, the original order) is fixed by then");
}

ComputationData& need_data(const std::shared_ptr<ComputationData>& d, const where& at) {
  if (!d) fail(at, "an empty computation handle (default-constructed): it names no computation");
  return *d;
}

std::vector<Iterator> iterators_of(const std::vector<var>& vars, const std::string& computation,
                                           const where& at, bool need_range) {
  std::vector<Iterator> out;
  std::set<std::string> seen;
  for (const var& v : vars) seen.insert(v.get_name());
  std::set<std::string> named;
  for (const var& v : vars) {
    if (!named.insert(v.get_name()).second) {
      // An input only names its dimensions (Tiramisu writes input L("L", {i, i})): a repeated name gets a suffix.
      if (need_range)
        fail(at, "var '" + v.get_name() + "' appears twice in the iterators of '" + computation +
                     "': each dimension needs its own name");
      std::string fresh;
      for (int k = 1; fresh.empty() || seen.count(fresh); ++k) fresh = v.get_name() + "_" + std::to_string(k);
      seen.insert(fresh);
      named.insert(fresh);
      out.push_back(Iterator{fresh, v.get_lower(), v.get_upper(), v.location()});
      continue;
    }
    if (need_range && !v.has_range())
      fail(at, "var '" + v.get_name() + "' has no range, so it cannot span the domain of '" + computation +
                   "': declare it as var(\"" + v.get_name() + "\", lower, upper)");
    out.push_back(Iterator{v.get_name(), v.get_lower(), v.get_upper(), v.location()});
  }
  return out;
}

std::shared_ptr<ComputationData> new_computation(std::string name, const where& at, bool is_input,
                                                 const std::vector<var>& iterators, const expr* value) {
  FunctionData& f = owner(at, is_input ? "input" : "computation");
  require_open(f, at, is_input ? "a new input" : "a new computation");
  check_name(name, is_input ? "input" : "computation", at);
  // An input's vars only name its dimensions: they need no range (its buffer is sized by store_in).
  std::vector<Iterator> checked = iterators_of(iterators, name, at, !is_input);
  if (value && !value->is_defined()) fail(at, "computation '" + name + "' with an undefined expression");
  for (const auto& c : f.computations)
    if (c->name == name)
      fail(at, "a second computation named '" + name + "' (the first is at " +
                   SourceLocation{c->at.file_name(), c->at.line(), c->at.column()}.str() +
                   "): computation names are unique");
  auto d = std::make_shared<ComputationData>();
  d->name = std::move(name);
  d->owner = &f;
  d->at = at;
  d->domain_at = at;
  d->is_input = is_input;
  d->iterators = std::move(checked);
  d->order = f.declarations++;
  f.computations.push_back(d);
  return d;
}

std::string typed(std::string name, primitive_t type, const char* what, const where& at) {
  if (type == p_none) fail(at, std::string(what) + " '" + name + "' declared without a type (p_none)");
  return name;
}

}  // namespace loopscape::tiramisu::detail
