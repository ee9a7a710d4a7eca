// SPDX-License-Identifier: Apache-2.0
// Compiled with the include view of engine/codegen/cuda: another target's
// header (codegen/mpi) must not be found; targets share codegen/common only.
#include "codegen/mpi/mpi_runtime.h"

int main() { return 0; }
