for (int i = 1; i < n; i++) {
  #pragma omp parallel for
  for (int j = 0; j < i; j++)
    l[i][j] = l[i][j] + l[i - 1][j] * 0.5;
}
