// SPDX-License-Identifier: Apache-2.0
#include "layer1/value_flow.h"

#include <sstream>

namespace loopscape::tiramisu::detail {

void check_flows(const LoadedProgram& loaded, const std::vector<Flow>& flows) {
  for (const Flow& flow : flows) {
    isl::map got = isl::map::empty(flow.wanted.space());
    for (const Dependence& d : loaded.dependences.list)
      if (d.kind == DependenceKind::ReadAfterWrite && d.sink_statement == flow.reader &&
          d.sink_access == flow.access && d.source_statement == flow.computation)
        got = got.unite(d.relation.reverse());
    const isl::map missing = flow.wanted.intersect_params(loaded.program.context).subtract(got);
    if (missing.is_empty()) continue;
    std::ostringstream point;
    point << missing.sample();
    fail(flow.at, "'" + flow.reader + "' reads " +
                      to_str(Node{NodeKind::Access, flow.name, p_none, flow.indices, nullptr, flow.at}) +
                      " before that value is computed or after it is overwritten, in the order the computations "
                      "run (" + point.str() +
                      "): order them with then/after so that producers run first, or give the value a buffer of its own");
  }
}

}  // namespace loopscape::tiramisu::detail
