// SPDX-License-Identifier: Apache-2.0
// The straightforward CUDA heat-3d a programmer writes by hand, for
// bench/gpu/device_run.sh: one thread per point (k fastest, 32 x 4 x 2
// blocks), two kernels per time step, PolyBench's inputs (double). Prints
// the kernels' time measured as the generated code's is (kernel_ms: events
// around each launch, waited for and summed), the time loop's without those
// waits (loop_ms), and a checksum of A.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "launch_timer.h"

#ifndef N
#define N 120
#endif
#ifndef TSTEPS
#define TSTEPS 500
#endif

__global__ void step(const double* in, double* out, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  const int i = blockIdx.z * blockDim.z + threadIdx.z + 1;
  if (i >= n - 1 || j >= n - 1 || k >= n - 1) return;
  const size_t p = ((size_t)i * n + j) * n + k, di = (size_t)n * n, dj = n;
  out[p] = 0.125 * (in[p + di] - 2.0 * in[p] + in[p - di]) + 0.125 * (in[p + dj] - 2.0 * in[p] + in[p - dj]) +
           0.125 * (in[p + 1] - 2.0 * in[p] + in[p - 1]) + in[p];
}

int main() {
  const int n = N;
  const size_t bytes = sizeof(double) * n * n * n;
  double* A = (double*)malloc(bytes);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++) A[((size_t)i * n + j) * n + k] = (double)(i + j + (n - k)) * 10 / n;
  double *dA, *dB;
  cudaMalloc(&dA, bytes);
  cudaMalloc(&dB, bytes);
  cudaMemcpy(dA, A, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, A, bytes, cudaMemcpyHostToDevice);
  const dim3 block(32, 4, 2), grid((n - 2 + 31) / 32, (n - 2 + 3) / 4, (n - 2 + 1) / 2);
  const StepTimes times = time_steps(TSTEPS, [&](bool from_a) {
    if (from_a)
      step<<<grid, block>>>(dA, dB, n);
    else
      step<<<grid, block>>>(dB, dA, n);
  });
  cudaMemcpy(A, dA, bytes, cudaMemcpyDeviceToHost);
  double checksum = 0;
  for (size_t p = 0; p < (size_t)n * n * n; p += 97) checksum += A[p];
  // The checksum is of A after both runs of the time loop.
  return report(times, checksum);
}
