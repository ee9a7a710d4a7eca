/* The reference for gemm: OpenBLAS's dgemm on PolyBench gemm's sizes and
 * inputs (C = alpha A B + beta C, row-major), timed like POLYBENCH_TIME: the
 * seconds of the call alone, printed as the last line. */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gemm.h"

int main(void) {
  const int ni = NI, nj = NJ, nk = NK;
  double* A = malloc(sizeof(double) * NI * NK);
  double* B = malloc(sizeof(double) * NK * NJ);
  double* C = malloc(sizeof(double) * NI * NJ);
  if (!A || !B || !C) return 1;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) C[i * nj + j] = (double)((i * j + 1) % ni) / ni;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++) A[i * nk + k] = (double)(i * (k + 1) % nk) / nk;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++) B[k * nj + j] = (double)(k * (j + 2) % nj) / nj;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, ni, nj, nk, 1.5, A, nk, B, nj, 1.2, C, nj);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  fprintf(stderr, "C[1][1] = %g\n", C[nj + 1]);
  printf("%0.6f\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
  free(A);
  free(B);
  free(C);
  return 0;
}
