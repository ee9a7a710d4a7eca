#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
for (int c0 = 0; c0 < n; c0 += 4)
  for (int c1 = 0; c1 < n; c1 += 4)
    for (int c2 = 0; c2 <= min(3, n - c0 - 1); c2++)
      for (int c3 = 0; c3 <= min(3, n - c1 - 1); c3++) {
        x1[c0 + c2] = x1[c0 + c2] + a[c0 + c2][c1 + c3] * y1[c1 + c3];
        x2[c1 + c3] = x2[c1 + c3] + a[c0 + c2][c1 + c3] * y2[c0 + c2];
      }
