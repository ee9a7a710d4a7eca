// SPDX-License-Identifier: Apache-2.0
// The straightforward CUDA jacobi-2d a programmer writes by hand, for
// bench/gpu/device_run.sh: one thread per point, 32 x 8 blocks, two kernels
// per time step, PolyBench's inputs (double). Prints the kernels' time
// measured as the generated code's is (kernel_ms: events around each launch,
// waited for and summed), the time loop's without those waits (loop_ms), and
// a checksum of A.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "launch_timer.h"

#ifndef N
#define N 1300
#endif
#ifndef TSTEPS
#define TSTEPS 500
#endif

__global__ void step(const double* in, double* out, int n) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i < n - 1 && j < n - 1)
    out[i * n + j] = 0.2 * (in[i * n + j] + in[i * n + j - 1] + in[i * n + j + 1] + in[(i + 1) * n + j] +
                            in[(i - 1) * n + j]);
}

int main() {
  const int n = N;
  const size_t bytes = sizeof(double) * n * n;
  double* A = (double*)malloc(bytes);
  double* B = (double*)malloc(bytes);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i * n + j] = ((double)i * (j + 2) + 2) / n;
      B[i * n + j] = ((double)i * (j + 3) + 3) / n;
    }
  double *dA, *dB;
  cudaMalloc(&dA, bytes);
  cudaMalloc(&dB, bytes);
  cudaMemcpy(dA, A, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B, bytes, cudaMemcpyHostToDevice);
  const dim3 block(32, 8), grid((n - 2 + 31) / 32, (n - 2 + 7) / 8);
  const StepTimes times = time_steps(TSTEPS, [&](bool from_a) {
    if (from_a)
      step<<<grid, block>>>(dA, dB, n);
    else
      step<<<grid, block>>>(dB, dA, n);
  });
  cudaMemcpy(A, dA, bytes, cudaMemcpyDeviceToHost);
  double checksum = 0;
  for (int i = 0; i < n * n; i += 97) checksum += A[i];
  // The checksum is of A after both runs of the time loop.
  return report(times, checksum);
}
