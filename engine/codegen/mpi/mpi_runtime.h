// SPDX-License-Identifier: Apache-2.0
#pragma once
// The C code an MPI program printed by the mpi target needs at the top of its
// file: <mpi.h> and a few static functions (start MPI when the program has
// not, block partition, non-blocking message bookkeeping, the end-of-region
// report). Guarded, so a file with two regions compiles.
#include <string>

namespace loopscape {

std::string mpi_runtime_prelude();

// The environment variable naming the file where rank 0 writes, at the end of
// each region, "bytes messages" (totals over all ranks, since the start).
inline constexpr const char* kMpiReportVariable = "LOOPSCAPE_MPI_REPORT_FILE";

}  // namespace loopscape
