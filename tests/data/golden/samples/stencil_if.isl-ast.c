// R
for (int c0 = 0; c0 < tsteps; c0 += 1) {
  // C0
  // @parallel(when_large)
  for (int c1 = 1; c1 < n - 1; c1 += 1)
    for (int c2 = n - c1 - 1; c2 < n - 1; c2 += 1)
      S0(c0, c1, c2);
  // C1
  // @parallel(when_large)
  for (int c1 = 1; c1 < n - 1; c1 += 1)
    for (int c2 = n - c1 - 1; c2 < n - 1; c2 += 1)
      S1(c0, c1, c2);
}
