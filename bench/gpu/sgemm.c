/* Single-precision gemm for bench/gpu/run.sh: C += A * B at N x N, the region
   the clicked schedules map to the GPU. Built with -DLS_CUDA_TIMING, main
   prints the kernels' own time (CUDA events, copies excluded). */
#include <stdio.h>
#include <stdlib.h>
#ifndef N
#define N 4096
#endif

void sgemm(float C[N][N], float A[N][N], float B[N][N]) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}

#ifdef LS_CUDA_TIMING
extern double ls_cuda_kernel_ms;
#endif

int main(void) {
  float (*A)[N] = (float (*)[N])malloc(sizeof(float) * N * N);
  float (*B)[N] = (float (*)[N])malloc(sizeof(float) * N * N);
  float (*C)[N] = (float (*)[N])malloc(sizeof(float) * N * N);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (float)((i * 7 + j * 3) % 17) / 17.0f - 0.5f;
      B[i][j] = (float)((i * 5 + j * 11) % 13) / 13.0f - 0.5f;
      C[i][j] = 0.0f;
    }
  sgemm(C, A, B);
  double checksum = 0;
  for (int i = 0; i < N; i += 97)
    for (int j = 0; j < N; j += 89) checksum += C[i][j];
#ifdef LS_CUDA_TIMING
  printf("kernel_ms %.3f\n", ls_cuda_kernel_ms);
#endif
  printf("checksum %.6e\n", checksum);
  free(A);
  free(B);
  free(C);
  return 0;
}
