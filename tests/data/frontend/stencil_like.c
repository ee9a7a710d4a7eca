/* A Jacobi-like stencil with scalar literals, a time loop and a 1-D array. */
#include "minibench.h"

#define TSTEPS 10
#define N 64

void kernel_jacobi(int tsteps, int n, DATA_TYPE MB_1D(A, N, n), DATA_TYPE MB_1D(B, N, n)) {
  int t, i;
#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = SCALAR_VAL(0.33333) * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < n - 1; i++)
      A[i] = SQRT_FUN(B[i] * B[i]) + SCALAR_VAL(2.0);
  }
#pragma endscop
}
