// R
for (int c0 = 0; c0 < n; c0 += 1) {
  // C0
  // @parallel(when_large)
  for (int c1 = 0; c1 < m; c1 += 1)
    for (int c2 = 0; c2 <= 2; c2 += 1)
      S0(c0, c1, c2);
  // C1
  // @parallel(when_large)
  for (int c1 = 0; c1 < m; c1 += 1)
    for (int c2 = 0; c2 <= 2; c2 += 1)
      S1(c0, c1, c2);
  // C2
  // @parallel(when_large)
  for (int c1 = 1; c1 < m - 1; c1 += 1)
    for (int c2 = 0; c2 <= 2; c2 += 1)
      S2(c0, c1, c2);
}
