#include <Halide.h>
#include <tiramisu/tiramisu.h>

#include <algorithm>

#include "generated_rowmax.o.h"
#include "sizes.h"
#include <tiramisu/utils.h>

int main() {
  Halide::Buffer<double> A(M, N), row(N), expected(N);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) A(j, i) = ((i * 7 + j * 13) % 17) - 8.0 + 0.25 * j;
  for (int i = 0; i < N; ++i) {
    double m = A(0, i) * 2.0;
    for (int j = 1; j < M; ++j) m = std::max(m, A(j, i) * 2.0);
    expected(i) = m;
  }
  if (std::getenv("RUN_TIRAMISU")) rowmax(A.raw_buffer(), row.raw_buffer());
  compare_buffers_approximately("rowmax", row, expected, 1e-12f);
  return 0;
}
