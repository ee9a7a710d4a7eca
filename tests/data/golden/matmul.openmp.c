#pragma omp parallel for
for (int i = 0; i < ni; i++)
  for (int j = 0; j < nj; j++) {
    c[i][j] = 0.0;
    for (int k = 0; k < nk; k++)
      c[i][j] += a[i][k] * b[k][j];
  }
