// The hand-written stencils timed as the generated code is with
// -DLS_CUDA_TIMING: a pair of CUDA events around each launch, waited for and
// summed, so that both sides pay the same per-launch cost in the figures.
#pragma once
#include <cuda_runtime.h>

struct LaunchTimer {
  double total_ms = 0;
  cudaEvent_t start, stop;
  LaunchTimer() {
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
  }
  void begin() { cudaEventRecord(start); }
  void end() {
    float ms = 0;
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    total_ms += ms;
  }
};
