/* A nest whose reads find their writer at varying distances (A[i-1][0] is
   written by PE 0 and read by every PE): the hls target keeps A in memory. */
#include <stdio.h>
#define N 8

static void kernel(double A[N][N]) {
  int i, j;
#pragma scop
  for (i = 1; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = A[i - 1][0] * 0.5 + A[i - 1][j];
#pragma endscop
}

int main(void) {
  static double A[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = (i * 3 + j) % 5;
  kernel(A);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) printf("%g\n", A[i][j]);
  return 0;
}
