// SPDX-License-Identifier: Apache-2.0
#pragma once
// --target mpi: C with MPI, distributed loops in blocks per rank.
#include <memory>

#include "codegen/common/target.h"

namespace loopscape {

std::unique_ptr<Target> make_mpi_target();

}  // namespace loopscape
