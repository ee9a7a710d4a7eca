/* Loopscape sample: updates under conditions on data (if (b[i] > 0.) ... else ..., a running clamp): guarded statements and may-dependences. */
#include <stdio.h>

#ifndef N
#define N 400
#endif
#ifndef M
#define M 48
#endif

static double A[N], B[N], C[N], D[N];
static double X[M][M], Y[M][M];

static void init_arrays(int n, int m, double a[N], double b[N], double c[N], double d[N], double x[M][M],
                        double y[M][M]) {
  for (int i = 0; i < n; i++) {
    a[i] = (double)(i % 13) / 13.0;
    b[i] = (double)((i * 7) % 11) / 11.0 - 0.45;
    c[i] = (double)((i * 3) % 17) / 17.0;
    d[i] = (double)((i * 5) % 19) / 19.0;
  }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      x[i][j] = (double)((i * 11 + j * 7) % 23) / 23.0;
      y[i][j] = (double)((i + j * 3) % 5) / 5.0;
    }
}

void kernel_conditional_update(int n, int m, double a[N], double b[N], double c[N], double d[N], double x[M][M],
                               double y[M][M]) {
  int i, j;
#pragma scop
  #pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (b[i] > 0.)
      a[i] = a[i] + b[i] * c[i];
    if (!(b[i] > 0.))
      c[i] = -b[i];
  }
  #pragma omp parallel for
  for (int i = 2; i < n; i += 2) {
    if (d[i] < 0.5)
      a[i] = a[i - 1] + d[i];
    if (d[i] < 0.5)
      d[i] = 1.0 - d[i];
  }
  #pragma omp parallel for
  for (int i = 0; i < m; i++)
    for (int j = 1; j < m; j++) {
      if (x[i][j] > y[i][j - 1])
        y[i][j] = x[i][j];
      if (!(x[i][j] > y[i][j - 1]))
        y[i][j] = y[i][j - 1] * 0.5;
    }
#pragma endscop
}

static double checksum(int n, const double *v) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += v[i] * (1 + i % 5);
  return s;
}

int main(void) {
  init_arrays(N, M, A, B, C, D, X, Y);
  kernel_conditional_update(N, M, A, B, C, D, X, Y);
  printf("a checksum %.10e c checksum %.10e d checksum %.10e\n", checksum(N, A), checksum(N, C), checksum(N, D));
  printf("y checksum %.10e\n", checksum(M * M, &Y[0][0]));
  printf("a[%d] %.10e y[%d][%d] %.10e\n", N - 2, A[N - 2], M - 1, M - 1, Y[M - 1][M - 1]);
  return 0;
}
