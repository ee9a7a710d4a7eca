// R
for (int c0 = 1; c0 < n; c0 += 1) {
  // C0
  for (int c1 = 0; c1 < c0; c1 += 1) {
    // C1
    for (int c2 = 0; c2 < c1; c2 += 1)
      S0(c0, c1, c2);
    S1(c0, c1);
  }
  // C2
  // @parallel(when_large)
  for (int c1 = c0; c1 < n; c1 += 1)
    for (int c2 = 0; c2 < c0; c2 += 1)
      S2(c0, c1, c2);
}
