// SPDX-License-Identifier: Apache-2.0
#include "codegen/common/target.h"

#include <map>

#include "support/error.h"
#include "support/integer_expression.h"

namespace loopscape {

SideFiles Target::write_side_files(const Program&, const isl::schedule&, const std::string&,
                                   const SideFileOptions&) const {
  return {};
}

void require_constant_extents(const Program& program, const std::string& target, const std::string& why) {
  for (const Array& a : program.arrays)
    for (const std::string& e : a.extents)
      if (!evaluate_integer_expression(e, std::map<std::string, long>{}))
        throw InputError(a.declared_at, "the " + target + " target needs arrays of constant size: the extent '" + e +
                                            "' of " + a.name + " changes with the parameters, and " + why +
                                            " (declare it with a constant, e.g. a #define, and keep the parameter "
                                            "for the loop bounds)");
}

}  // namespace loopscape
