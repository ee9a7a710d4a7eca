/* Benchmark-style kernels, each used as a whole function body (--function). */
#include "minibench.h"

#define N 60
#define M 50
#define EXP_FUN(x) exp(x)
#define POW_FUN(x, y) pow(x, y)

#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)
typedef char base;

void kernel_nussinov(int n, base MB_1D(seq, N, n), DATA_TYPE MB_2D(table, N, N, n, n)) {
  int i, j, k;
  for (i = n - 1; i >= 0; i--) {
    for (j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < n)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }
      for (k = i + 1; k < j; k++)
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
    }
  }
}

void kernel_correlation(int m, int n, DATA_TYPE float_n, DATA_TYPE MB_2D(data, N, M, n, m),
                        DATA_TYPE MB_2D(corr, M, M, m, m), DATA_TYPE MB_1D(mean, M, m),
                        DATA_TYPE MB_1D(stddev, M, m)) {
  int i, j, k;
  DATA_TYPE eps = SCALAR_VAL(0.1);
  for (j = 0; j < m; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (j = 0; j < m; j++) {
    stddev[j] = SCALAR_VAL(0.0);
    for (i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = SQRT_FUN(stddev[j]);
    stddev[j] = stddev[j] <= eps ? SCALAR_VAL(1.0) : stddev[j];
  }
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < m; j++) {
      corr[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < n; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = SCALAR_VAL(1.0);
}

void kernel_adi(int tsteps, int n, DATA_TYPE MB_2D(u, N, N, n, n), DATA_TYPE MB_2D(v, N, N, n, n)) {
  int t, i, j;
  DATA_TYPE DX, DT, B1, mul1, a;
  DX = SCALAR_VAL(1.0) / (DATA_TYPE)n;
  DT = SCALAR_VAL(1.0) / (DATA_TYPE)tsteps;
  B1 = SCALAR_VAL(2.0);
  mul1 = B1 * DT / (DX * DX);
  a = -mul1 / SCALAR_VAL(2.0);
  for (t = 1; t <= tsteps; t++)
    for (i = 1; i < n - 1; i++) {
      v[0][i] = SCALAR_VAL(1.0);
      for (j = 1; j < n - 1; j++)
        v[j][i] = a * u[j][i - 1] + v[j - 1][i];
    }
}

void kernel_deriche(int w, int h, DATA_TYPE alpha, DATA_TYPE MB_2D(imgIn, N, M, w, h),
                    DATA_TYPE MB_2D(y1, N, M, w, h)) {
  int i, j;
  DATA_TYPE xm1, ym1, ym2, k, a1, b1, b2;
  k = (SCALAR_VAL(1.0) - EXP_FUN(-alpha)) * (SCALAR_VAL(1.0) - EXP_FUN(-alpha)) /
      (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * alpha * EXP_FUN(-alpha) - EXP_FUN(SCALAR_VAL(2.0) * alpha));
  a1 = k;
  b1 = POW_FUN(SCALAR_VAL(2.0), -alpha);
  b2 = -EXP_FUN(SCALAR_VAL(-2.0) * alpha);
  for (i = 0; i < w; i++) {
    ym1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    xm1 = SCALAR_VAL(0.0);
    for (j = 0; j < h; j++) {
      y1[i][j] = a1 * imgIn[i][j] + b1 * ym1 + b2 * ym2 + xm1;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
}

void kernel_floyd_warshall(int n, int MB_2D(path, N, N, n, n)) {
  int i, j, k;
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}

void kernel_durbin(int n, DATA_TYPE MB_1D(r, N, n), DATA_TYPE MB_1D(y, N, n)) {
  DATA_TYPE z[N];
  DATA_TYPE alpha, beta, sum;
  int i, k;
  y[0] = -r[0];
  beta = SCALAR_VAL(1.0);
  alpha = -r[0];
  for (k = 1; k < n; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = SCALAR_VAL(0.0);
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}
