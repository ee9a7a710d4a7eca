for (int i = n - 1; i >= 1; i--)
  x[i] = x[i] + x[i - 1] * 0.5;
#pragma omp parallel for
for (int i = n - 1; i >= 0; i--)
  for (int j = n - 1; j >= 0; j--)
    y[i] = y[i] * 0.5 + b[i][j];
