for (int i = 1; i < n; i++) {
  // j runs once per iteration of i: in parallel only with work enough for a team of threads (20000 instances, estimated)
  if ((long) (i) >= 20000) {
    #pragma omp parallel for
    for (int j = 0; j < i; j++)
      l[i][j] = l[i][j] + l[i - 1][j] * 0.5;
  } else {
    for (int j = 0; j < i; j++)
      l[i][j] = l[i][j] + l[i - 1][j] * 0.5;
  }
}
