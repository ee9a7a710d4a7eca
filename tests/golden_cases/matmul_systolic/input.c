/* A perfect matrix-product nest for the hls target's tests (test_codegen_hls):
   pipelining, unrolling and T2S's space-time transform (spec 004's 2-D array). */
#include <stdio.h>
#define N 12

static void kernel(double C[N][N], double A[N][N], double B[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}

int main(void) {
  static double A[N][N], B[N][N], C[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 3 + j) % 7 - 3;
      B[i][j] = (i + 2 * j) % 5 - 2;
      C[i][j] = i - j;
    }
  kernel(C, A, B);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) printf("%g\n", C[i][j]);
  return 0;
}
