#include <Halide.h>
#include <tiramisu/tiramisu.h>

#include <algorithm>
#include <cstdint>

#include "generated_saturate.o.h"
#include "sizes.h"
#include <tiramisu/utils.h>

int main() {
  Halide::Buffer<float> in(M, N);
  Halide::Buffer<int32_t> out(M, N), expected(M, N);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      in(j, i) = (i * 31 + j * 17) % 400 / 100.0f - 1.0f;
      expected(j, i) = std::min(std::max(static_cast<int32_t>(in(j, i) * 100.0f), 0), 255);
    }
  if (std::getenv("RUN_TIRAMISU")) saturate(in.raw_buffer(), out.raw_buffer());
  compare_buffers("saturate", out, expected);
  return 0;
}
