// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small kernels for the plot tests (test_plot_domain_points.cpp and
// test_gui_domain_plot.cpp): a region body wrapped in a kernel function and
// loaded, matmul and Jacobi 2-D with their sizes as parameters.
#include <string>

#include "loading/load_program.h"

namespace loopscape::testing {

inline LoadedProgram load(const std::string& body, const std::string& params, const std::string& arrays) {
  const std::string src = "void kernel(" + params + ", " + arrays + ") {\n  int t, i, j, k;\n#pragma scop\n" +
                          body + "\n#pragma endscop\n}\n";
  return load_program_source(src, "kernel.c", CompileOptions{});
}

inline LoadedProgram matmul() {
  return load(
      "  for (i = 0; i < n; i++)\n"
      "    for (j = 0; j < n; j++) {\n"
      "      C[i][j] = 0.0;\n"
      "      for (k = 0; k < n; k++)\n"
      "        C[i][j] += A[i][k] * B[k][j];\n"
      "    }",
      "int n", "double A[100][100], double B[100][100], double C[100][100]");
}

inline LoadedProgram jacobi2d() {
  return load(
      "  for (t = 0; t < tsteps; t++) {\n"
      "    for (i = 1; i < n - 1; i++)\n"
      "      for (j = 1; j < n - 1; j++)\n"
      "        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);\n"
      "    for (i = 1; i < n - 1; i++)\n"
      "      for (j = 1; j < n - 1; j++)\n"
      "        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);\n"
      "  }",
      "int tsteps, int n", "double A[100][100], double B[100][100]");
}

}  // namespace loopscape::testing
