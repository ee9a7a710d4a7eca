for (int i = 0; i < n; i++)
  for (int j = 0; j < n; j++)
    x1[i] = x1[i] + a[i][j] * y1[j];
for (int i = 0; i < n; i++)
  for (int j = 0; j < n; j++)
    x2[i] = x2[i] + a[j][i] * y2[j];
