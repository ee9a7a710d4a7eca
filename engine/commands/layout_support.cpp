#include "commands/layout_support.h"

#include "analysis/producers.h"

namespace loopscape {

void require_relocatable(const Program& program, const Statement& s, const std::string& buffer,
                         const SourceLocation& where, const std::string& what) {
  std::string own;
  for (const Access& a : s.accesses)
    if (a.kind == Access::Kind::Write) own = a.array;
  const Array* own_array = program.find_array(own);
  if (!own_array || !own_array->temporary)
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
