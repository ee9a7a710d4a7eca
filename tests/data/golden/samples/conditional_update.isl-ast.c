// R
{
  // C0
  // @parallel(auto)
  for (int c0 = 0; c0 < n; c0 += 1) {
    S0(c0);
    S1(c0);
  }
  // C1
  // @parallel(auto)
  for (int c0 = 2; c0 < n; c0 += 2) {
    S2(c0);
    S3(c0);
  }
  // C2
  // @parallel(auto)
  for (int c0 = 0; c0 < m; c0 += 1)
    for (int c1 = 1; c1 < m; c1 += 1) {
      S4(c0, c1);
      S5(c0, c1);
    }
}
