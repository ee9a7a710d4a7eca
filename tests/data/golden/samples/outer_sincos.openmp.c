/* Loopscape sample: Outer product c[i][j] = sin(i) * cos(j) (the loop-domain example; try hoisting sin(i) out of j). */
#include <math.h>
#include <stdio.h>

#ifndef N
#define N 100
#endif

static double C[N][N];

void kernel_outer_sincos(int n, double c[N][N]) {
  int i, j;
#pragma scop
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c[i][j] = sin(i) * cos(j);
#pragma endscop
}

int main(void) {
  kernel_outer_sincos(N, C);
  double sum = 0.0, weighted = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sum += C[i][j];
      weighted += C[i][j] * (1 + (i * N + j) % 7);
    }
  printf("C checksum %.10e weighted %.10e\n", sum, weighted);
  printf("C[1][2] %.10e C[%d][%d] %.10e\n", C[1][2], N - 1, N - 1, C[N - 1][N - 1]);
  return 0;
}
