for (int t = 0; t < tsteps; t++) {
  #pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = n - i - 1; j < n - 1; j++)
      b[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
  #pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = n - i - 1; j < n - 1; j++)
      a[i][j] = b[i][j];
}
