/* Loopscape sample: Jacobi 2-D, a 5-point stencil swept TSTEPS times between two arrays. */
#include <stdio.h>

#ifndef N
#define N 64
#endif
#ifndef TSTEPS
#define TSTEPS 20
#endif

static double A[N][N];
static double B[N][N];

static void init_arrays(int n, double a[N][N], double b[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = ((double)i * (j + 2) + 2) / n;
      b[i][j] = ((double)i * (j + 3) + 3) / n;
    }
}

void kernel_jacobi2d(int tsteps, int n, double a[N][N], double b[N][N]) {
  int t, i, j;
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    // i runs once per iteration of t: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if ((long) (n - 2) * (n - 2) >= 20000) {
      #pragma omp parallel for
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    } else {
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    }
    // i runs once per iteration of t: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if ((long) (n - 2) * (n - 2) >= 20000) {
      #pragma omp parallel for
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][j + 1] + b[i + 1][j] + b[i - 1][j]);
    } else {
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][j + 1] + b[i + 1][j] + b[i - 1][j]);
    }
  }
#pragma endscop
}

int main(void) {
  init_arrays(N, A, B);
  kernel_jacobi2d(TSTEPS, N, A, B);
  double sum = 0.0, weighted = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sum += A[i][j];
      weighted += A[i][j] * (1 + (i * N + j) % 7);
    }
  printf("A checksum %.10e weighted %.10e\n", sum, weighted);
  printf("A[1][1] %.10e A[%d][%d] %.10e\n", A[1][1], N / 2, N / 3, A[N / 2][N / 3]);
  return 0;
}
