#include <Halide.h>
#include <tiramisu/tiramisu.h>

#include "generated_tiled_mm.o.h"
#include "sizes.h"
#include <tiramisu/utils.h>

int main() {
  Halide::Buffer<double> A(M, N), B(N, M), C(N, N), expected(N, N);
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < M; ++k) A(k, i) = ((i + 2 * k) % 9) * 0.5;
  for (int k = 0; k < M; ++k)
    for (int j = 0; j < N; ++j) B(j, k) = ((3 * k + j) % 7) - 3.0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0;
      for (int k = 0; k < M; ++k) sum += A(k, i) * B(j, k);
      expected(j, i) = sum;
    }
  if (std::getenv("RUN_TIRAMISU")) tiled_mm(A.raw_buffer(), B.raw_buffer(), C.raw_buffer());
  compare_buffers_approximately("tiled_mm", C, expected, 1e-9f);
  return 0;
}
