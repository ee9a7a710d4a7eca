// SPDX-License-Identifier: Apache-2.0
#include "analysis/private_scalars.h"

namespace loopscape {

const Dependence* flow_across(const Dependences& dependences, const std::string& scalar,
                              const std::set<std::string>& inside, const std::set<std::string>& outside) {
  for (const Dependence& d : dependences.list) {
    if (d.kind != DependenceKind::ReadAfterWrite || d.array != scalar) continue;
    const bool out_of = inside.count(d.source_statement) && outside.count(d.sink_statement);
    const bool into = outside.count(d.source_statement) && inside.count(d.sink_statement);
    if (out_of || into) return &d;
  }
  return nullptr;
}

}  // namespace loopscape
