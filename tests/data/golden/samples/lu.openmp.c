/* Loopscape sample: LU decomposition in place, without pivoting (triangular, non-rectangular domains). */
#include <stdio.h>

#ifndef N
#define N 60
#endif

static double A[N][N];

/* Diagonally dominant, so elimination without pivoting is stable. */
static void init_array(int n, double a[N][N]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = i == j ? n + 1.0 : (double)((i * j + 3) % 7 + 1) / n;
}

void kernel_lu(int n, double a[N][N]) {
  int i, j, k;
#pragma scop
  for (int i = 1; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        a[i][j] -= a[i][k] * a[k][j];
      a[i][j] /= a[j][j];
    }
    // j runs once per iteration of i: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if ((long) (n - i) * (i) >= 20000) {
      #pragma omp parallel for
      for (int j = i; j < n; j++)
        for (int k = 0; k < i; k++)
          a[i][j] -= a[i][k] * a[k][j];
    } else {
      for (int j = i; j < n; j++)
        for (int k = 0; k < i; k++)
          a[i][j] -= a[i][k] * a[k][j];
    }
  }
#pragma endscop
}

int main(void) {
  init_array(N, A);
  kernel_lu(N, A);
  double sum = 0.0, weighted = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sum += A[i][j];
      weighted += A[i][j] * (1 + (i * N + j) % 7);
    }
  printf("A checksum %.10e weighted %.10e\n", sum, weighted);
  printf("A[0][0] %.10e A[%d][%d] %.10e\n", A[0][0], N - 1, N - 1, A[N - 1][N - 1]);
  return 0;
}
