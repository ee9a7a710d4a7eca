// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layer I means values, the model means memory: they agree when every read
// of a computation's instance gets its value from that very instance in the
// original order, not from a later write or one that overwrote it.
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "layer1/layer1_data.h"

namespace loopscape::tiramisu::detail {

// One read of a computation by a statement.
struct Flow {
  std::string reader;       // the reading statement
  int access = -1;          // its index in the reader's accesses
  std::string computation;  // the computation read
  isl::map wanted;          // reader instance -> the instance it reads (within both domains)
  where at;                 // where the user wrote the access
  std::string name;
  std::vector<NodePtr> indices;
};

// Throws InputError at the first read whose value, by the exact dataflow of
// `loaded`, comes from elsewhere, with an instance where it does.
void check_flows(const LoadedProgram& loaded, const std::vector<Flow>& flows);

}  // namespace loopscape::tiramisu::detail
