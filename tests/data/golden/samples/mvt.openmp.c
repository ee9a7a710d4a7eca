/* Loopscape sample: mvt, two matrix-vector products x1 += A*y1 and x2 += A^T*y2 (the PLUTO example of interchange, fuse, tile). */
#include <stdio.h>

#ifndef N
#define N 120
#endif

static double A[N][N];
static double X1[N], X2[N], Y1[N], Y2[N];

static void init_arrays(int n, double a[N][N], double v1[N], double v2[N], double w1[N], double w2[N]) {
  for (int i = 0; i < n; i++) {
    v1[i] = (double)(i % n) / n;
    v2[i] = (double)((i + 1) % n) / n;
    w1[i] = (double)((i + 3) % n) / n;
    w2[i] = (double)((i + 4) % n) / n;
    for (int j = 0; j < n; j++)
      a[i][j] = (double)(i * j % n) / n;
  }
}

void kernel_mvt(int n, double a[N][N], double x1[N], double x2[N], double y1[N], double y2[N]) {
  int i, j;
#pragma scop
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] = x1[i] + a[i][j] * y1[j];
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + a[j][i] * y2[j];
#pragma endscop
}

static double checksum(int n, const double v[N]) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += v[i] * (1 + i % 5);
  return s;
}

int main(void) {
  init_arrays(N, A, X1, X2, Y1, Y2);
  kernel_mvt(N, A, X1, X2, Y1, Y2);
  printf("x1 checksum %.10e\n", checksum(N, X1));
  printf("x2 checksum %.10e\n", checksum(N, X2));
  printf("x1[%d] %.10e x2[%d] %.10e\n", N - 1, X1[N - 1], N - 1, X2[N - 1]);
  return 0;
}
