#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
#pragma omp parallel for
for (int c0 = 0; c0 < ni; c0 += 8)
  for (int c1 = 0; c1 < nj; c1 += 8)
    for (int c2 = 0; c2 <= min(7, ni - c0 - 1); c2++)
      for (int c3 = 0; c3 <= min(7, nj - c1 - 1); c3++) {
        c[c0 + c2][c1 + c3] = 0.0;
        for (int k = 0; k < nk; k++)
          c[c0 + c2][c1 + c3] += a[c0 + c2][k] * b[k][c1 + c3];
      }
