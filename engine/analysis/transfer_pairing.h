// SPDX-License-Identifier: Apache-2.0
#pragma once
// Whether the send and receive commands of a schedule pair up (Tiramisu
// builds them as one transfer): every message a rank a sends to rank b needs
// a receive on rank b from rank a, and the other way round. Unmatched halves
// are normal while a user is still adding them, so they are reported as
// warnings (loopscape-cli check and info), not refused.
#include <isl/cpp.h>

#include <string>
#include <vector>

#include "model/program.h"

namespace loopscape {

// One sentence per unmatched half, with a concrete pair of ranks ("" none).
std::vector<std::string> unmatched_transfers(const Program& program, const isl::schedule& schedule);

}  // namespace loopscape
