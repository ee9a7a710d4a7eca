// SPDX-License-Identifier: Apache-2.0
// cuBLAS's sgemm on the same inputs as sgemm.c (row-major C += A * B as the
// column-major C^T += B^T A^T), timed with CUDA events; prints the time of
// the best of five runs and the same checksum as sgemm.c.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>
#ifndef N
#define N 4096
#endif

#define CHECK(call)                                                              \
  do {                                                                           \
    if ((call) != 0) {                                                           \
      fprintf(stderr, "%s:%d: %s failed\n", __FILE__, __LINE__, #call);          \
      exit(1);                                                                   \
    }                                                                            \
  } while (0)

int main() {
  std::vector<float> A(size_t(N) * N), B(size_t(N) * N), C(size_t(N) * N, 0.0f);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[size_t(i) * N + j] = (float)((i * 7 + j * 3) % 17) / 17.0f - 0.5f;
      B[size_t(i) * N + j] = (float)((i * 5 + j * 11) % 13) / 13.0f - 0.5f;
    }
  float *dA, *dB, *dC;
  const size_t bytes = sizeof(float) * size_t(N) * N;
  CHECK(cudaMalloc(&dA, bytes));
  CHECK(cudaMalloc(&dB, bytes));
  CHECK(cudaMalloc(&dC, bytes));
  CHECK(cudaMemcpy(dA, A.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, B.data(), bytes, cudaMemcpyHostToDevice));
  cublasHandle_t handle;
  CHECK(cublasCreate(&handle));
  const float one = 1.0f;
  cudaEvent_t t0, t1;
  CHECK(cudaEventCreate(&t0));
  CHECK(cudaEventCreate(&t1));
  float best = 1e30f;
  for (int run = 0; run < 5; ++run) {
    CHECK(cudaMemset(dC, 0, bytes));
    CHECK(cudaEventRecord(t0));
    CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &one, dB, N, dA, N, &one, dC, N));
    CHECK(cudaEventRecord(t1));
    CHECK(cudaEventSynchronize(t1));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, t0, t1));
    if (ms < best) best = ms;
  }
  CHECK(cudaMemcpy(C.data(), dC, bytes, cudaMemcpyDeviceToHost));
  double checksum = 0;
  for (int i = 0; i < N; i += 97)
    for (int j = 0; j < N; j += 89) checksum += C[size_t(i) * N + j];
  printf("kernel_ms %.3f\n", best);
  printf("checksum %.6e\n", checksum);
  cublasDestroy(handle);
  return 0;
}
