// SPDX-License-Identifier: Apache-2.0
#include "analysis/parameter_values.h"

#include <isl/set.h>

namespace loopscape {

std::map<std::string, long> default_parameter_values(const Program& program, long preferred) {
  std::map<std::string, long> values;
  program.isl().bounded("default parameter values", [&] {
    isl::set context = program.context.is_null() ? isl::set() : program.context;
    for (std::size_t k = 0; k < program.parameters.size(); ++k) {
      const std::string& name = program.parameters[k];
      long chosen = preferred;
      if (!context.is_null()) {
        const int pos = isl_set_find_dim_by_name(context.get(), isl_dim_param, name.c_str());
        if (pos >= 0) {
          auto fits = [&](long v) {
            isl::set s = isl::manage(isl_set_fix_si(context.copy(), isl_dim_param, static_cast<unsigned>(pos),
                                                    static_cast<int>(v)));
            return !s.is_empty();
          };
          if (!fits(preferred)) {
            chosen = 0;
            for (long v = 0; v <= 1024; ++v)
              if (fits(v)) {
                chosen = v;
                break;
              }
          }
          context = isl::manage(isl_set_fix_si(context.release(), isl_dim_param, static_cast<unsigned>(pos),
                                               static_cast<int>(chosen)));
        }
      }
      values[name] = chosen;
    }
  });
  return values;
}

}  // namespace loopscape
