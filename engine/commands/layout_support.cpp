// SPDX-License-Identifier: Apache-2.0
#include "commands/layout_support.h"

#include "analysis/producers.h"
#include "commands/preconditions.h"

namespace loopscape {

namespace {

std::string guarded_values(const Statement& s) {
  return s.name + " runs only where its condition on data holds (" + s.source_text +
         "): elsewhere its array keeps the old values, which another place would not hold";
}

}  // namespace

std::string values_cannot_move(const Program& program, const std::string& statement) {
  const Statement* s = program.find_statement(statement);
  if (!s) return "'" + statement + "' is not a statement";
  const std::string own = preconditions::written_array(*s);
  if (own.empty()) return statement + " writes nothing: there is no value to move";
  if (s->guard) return guarded_values(*s);
  if (!preconditions::is_temporary(program, own))
    return statement + " writes " + own + ", which code after the region can see: only a temporary's values can move";
  return "";
}

void require_relocatable(const Program& program, const Statement& s, const std::string& buffer,
                         const SourceLocation& where, const std::string& what) {
  if (s.guard) throw InputError(where, what + " is not exact: " + guarded_values(s));
  const std::string own = preconditions::written_array(s);
  if (!preconditions::is_temporary(program, own))
    throw InputError(where, what + " would change what remains in " + own +
                                ", which code after the region can see; only the values of a temporary (declared "
                                "in the region, or a local array that nothing after the region uses) can move");
  const Array* target = program.find_array(buffer);
  // A name the region does not use is a new temporary, declared by the generated code.
  if (target && !target->temporary)
    throw InputError(where, what + " would overwrite " + buffer +
                                ", which code after the region can see; the buffer must be a temporary");
  for (const Statement& other : program.statements) {
    if (&other == &s) continue;
    for (const Access& a : other.accesses) {
      if (a.array != buffer) continue;
      if (buffer == own && a.kind == Access::Kind::Read) continue;  // reads of s's values move along
      throw InputError(where, what + " is not exact: " + other.name + (a.kind == Access::Kind::Write ? " writes " : " reads ") +
                                  buffer + " too (at " + a.where.str() + "), so values would collide");
    }
  }
  reads_of_values(program, s, where);
}

}  // namespace loopscape
