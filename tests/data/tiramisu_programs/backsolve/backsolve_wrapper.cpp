#include <Halide.h>
#include <tiramisu/tiramisu.h>

#include <vector>

#include "generated_backsolve.o.h"
#include "sizes.h"
#include <tiramisu/utils.h>

int main() {
  Halide::Buffer<double> b(N), D(N, N), y(N), expected(N);
  for (int i = 0; i < N; ++i) {
    b(i) = (i % 5) + 0.5;
    for (int j = 0; j < N; ++j) D(j, i) = (i == j) ? 1.0 + i % 3 : 100.0;
  }
  std::vector<double> x(N);
  x[N - 1] = b(N - 1);
  for (int i = N - 2; i >= 0; --i) x[i] = b(i) - x[i + 1] / 2.0;
  for (int i = 0; i < N; ++i) expected(i) = x[i] * D(i, i);
  if (std::getenv("RUN_TIRAMISU")) backsolve(b.raw_buffer(), D.raw_buffer(), y.raw_buffer());
  compare_buffers_approximately("backsolve", y, expected, 1e-12f);
  return 0;
}
