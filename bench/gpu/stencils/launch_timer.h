// SPDX-License-Identifier: Apache-2.0
// The time loop of the hand-written stencils, timed two ways: free-running
// (events around the whole loop), and as the generated code is timed with
// -DLS_CUDA_TIMING (a pair of events around each launch, waited for and
// summed), so that both sides pay the same per-launch cost in the figures.
#pragma once
#include <cuda_runtime.h>
#include <stdio.h>

struct StepTimes {
  float loop_ms = 0;     // the loop without waits
  double kernel_ms = 0;  // the launches, each timed on its own
};

// Runs `steps` time steps twice; `launch(from_a)` launches one sweep
// (A into B when from_a, else B into A); a step is both sweeps.
template <class Launch>
StepTimes time_steps(int steps, Launch launch) {
  StepTimes times;
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  for (int t = 0; t < steps; t++) {
    launch(true);
    launch(false);
  }
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  cudaEventElapsedTime(&times.loop_ms, start, stop);
  for (int t = 0; t < 2 * steps; t++) {
    float ms = 0;
    cudaEventRecord(start);
    launch(t % 2 == 0);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    times.kernel_ms += ms;
  }
  return times;
}

// What bench/gpu/device_run.sh reads; the exit status says whether CUDA
// reported an error on the way.
inline int report(const StepTimes& times, double checksum) {
  if (const cudaError_t error = cudaGetLastError(); error != cudaSuccess) {
    fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(error));
    return 1;
  }
  printf("kernel_ms %.3f\nloop_ms %.3f\nchecksum %.6e\n", times.kernel_ms, times.loop_ms, checksum);
  return 0;
}
