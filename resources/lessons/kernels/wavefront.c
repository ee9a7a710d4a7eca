/* Lesson kernel: each element needs its upper and left neighbours (a 2-D recurrence). */
#include <stdio.h>

#ifndef N
#define N 12
#endif
#ifndef M
#define M 14
#endif

static double A[N][M];

void kernel_wavefront(int n, int m, double a[N][M]) {
  int i, j;
#pragma scop
  for (i = 1; i < n; i++)
    for (j = 1; j < m; j++)
      a[i][j] = 0.5 * (a[i - 1][j] + a[i][j - 1]);
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = (i == 0 || j == 0) ? 1.0 + (i + 2 * j) % 5 : 0.0;
  kernel_wavefront(N, M, A);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) sum += A[i][j] * (1 + (i * M + j) % 7);
  printf("A checksum %.10e last %.10e\n", sum, A[N - 1][M - 1]);
  return 0;
}
