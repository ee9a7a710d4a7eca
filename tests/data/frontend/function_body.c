/* The whole body of a function as the region (no pragmas). */
#define N 40

void other(double *x) { x[0] = 1.0; }

void seidel(int tsteps, int n, double A[N][N]) {
  int t, i, j;
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i + 1][j] + A[i][j + 1]) / 5.0;
}

int main(void) {
  static double A[N][N];
  seidel(2, N, A);
  other(&A[0][0]);
  return 0;
}
