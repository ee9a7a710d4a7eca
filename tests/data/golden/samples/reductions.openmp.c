/* Loopscape sample: reductions (a sum, a maximum, row sums into array elements, a product); each loop may run in parallel as a reduction. */
#include <stdio.h>

#ifndef N
#define N 600
#endif
#ifndef M
#define M 80
#endif

static double A[M][N], X[N], ROWSUM[M], RESULT[3];

static void init_arrays(int n, int m, double a[M][N], double x[N]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) a[i][j] = (double)((i * 7 + j * 3) % 17) / 17.0 - 0.25;
  for (int j = 0; j < n; j++) x[j] = (double)((j * 5) % 23) / 23.0;
}

void kernel_reductions(int n, int m, double a[M][N], double x[N], double rowsum[M], double result[3]) {
  int i, j;
  double total, peak, scale;
#pragma scop
  total = 0.0;
  for (int i = 0; i < n; i++)
    total += x[i];
  peak = x[0];
  for (int i = 1; i < n; i++) {
    if (x[i] > peak)
      peak = x[i];
  }
  #pragma omp parallel for
  for (int i = 0; i < m; i++) {
    rowsum[i] = 0.0;
    for (int j = 0; j < n; j++)
      rowsum[i] = rowsum[i] + a[i][j] * x[j];
  }
  scale = 1.0;
  for (int i = 0; i < m; i++)
    scale *= 1.0 + rowsum[i] * 1e-3;
  result[0] = total;
  result[1] = peak;
  result[2] = scale;
#pragma endscop
}

int main(void) {
  init_arrays(N, M, A, X);
  kernel_reductions(N, M, A, X, ROWSUM, RESULT);
  double check = 0.0;
  for (int i = 0; i < M; i++) check += ROWSUM[i] * (1 + i % 3);
  printf("total %.10e peak %.10e scale %.10e\n", RESULT[0], RESULT[1], RESULT[2]);
  printf("rowsum checksum %.10e rowsum[%d] %.10e\n", check, M - 1, ROWSUM[M - 1]);
  return 0;
}
