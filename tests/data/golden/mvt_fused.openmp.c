for (int c0 = 0; c0 < n; c0++)
  for (int c1 = 0; c1 < n; c1++) {
    x1[c0] = x1[c0] + a[c0][c1] * y1[c1];
    x2[c1] = x2[c1] + a[c0][c1] * y2[c0];
  }
