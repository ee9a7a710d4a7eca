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
