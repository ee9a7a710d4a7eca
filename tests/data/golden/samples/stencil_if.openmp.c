/* Loopscape sample: A 5-point stencil whose statements are guarded by an affine if (only the lower-right triangle is smoothed). */
#include <stdio.h>

#ifndef N
#define N 48
#endif
#ifndef TSTEPS
#define TSTEPS 8
#endif

static double A[N][N];
static double B[N][N];

static void init_arrays(int n, double a[N][N], double b[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = (double)((i * 5 + j * 3) % 17) / 17.0;
      b[i][j] = 0.0;
    }
}

void kernel_stencil_if(int tsteps, int n, double a[N][N], double b[N][N]) {
  int t, i, j;
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    // i runs once per iteration of t: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if (0.5 * (long) (n - 2) + 0.5 * (long) (n - 2) * (n - 2) >= 20000) {
      #pragma omp parallel for
      for (int i = 1; i < n - 1; i++)
        for (int j = n - i - 1; j < n - 1; j++)
          b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    } else {
      for (int i = 1; i < n - 1; i++)
        for (int j = n - i - 1; j < n - 1; j++)
          b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    }
    // i runs once per iteration of t: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if (0.5 * (long) (n - 2) + 0.5 * (long) (n - 2) * (n - 2) >= 20000) {
      #pragma omp parallel for
      for (int i = 1; i < n - 1; i++)
        for (int j = n - i - 1; j < n - 1; j++)
          a[i][j] = b[i][j];
    } else {
      for (int i = 1; i < n - 1; i++)
        for (int j = n - i - 1; j < n - 1; j++)
          a[i][j] = b[i][j];
    }
  }
#pragma endscop
}

int main(void) {
  init_arrays(N, A, B);
  kernel_stencil_if(TSTEPS, N, A, B);
  double sum = 0.0, weighted = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sum += A[i][j];
      weighted += A[i][j] * (1 + (i * N + j) % 7);
    }
  printf("A checksum %.10e weighted %.10e\n", sum, weighted);
  printf("A[1][1] %.10e A[%d][%d] %.10e\n", A[1][1], N - 2, N - 2, A[N - 2][N - 2]);
  return 0;
}
