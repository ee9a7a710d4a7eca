/* gemm in the shape of a benchmark kernel: macros everywhere. */
#include <stdio.h>
#include "minibench.h"

#ifndef NI
#define NI 20
#endif
#ifndef NJ
#define NJ 25
#endif
#ifndef NK
#define NK 30
#endif
#define _MB_NI MB_LOOP_BOUND(NI, ni)
#define _MB_NJ MB_LOOP_BOUND(NJ, nj)
#define _MB_NK MB_LOOP_BOUND(NK, nk)

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE MB_2D(C, NI, NJ, ni, nj), DATA_TYPE MB_2D(A, NI, NK, ni, nk),
                        DATA_TYPE MB_2D(B, NK, NJ, nk, nj)) {
  int i, j, k;
#pragma scop
  for (i = 0; i < _MB_NI; i++) {
    for (j = 0; j < _MB_NJ; j++)
      C[i][j] *= beta;
    for (k = 0; k < _MB_NK; k++) {
      for (j = 0; j < _MB_NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
#pragma endscop
}

int main(void) {
  static DATA_TYPE C[NI][NJ], A[NI][NK], B[NK][NJ];
  kernel_gemm(NI, NJ, NK, SCALAR_VAL(1.5), SCALAR_VAL(1.2), C, A, B);
  printf("%f\n", C[0][0]);
  return 0;
}
