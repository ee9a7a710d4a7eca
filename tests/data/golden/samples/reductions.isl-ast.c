// R
{
  S0();
  // C0
  for (int c0 = 0; c0 < n; c0 += 1)
    S1(c0);
  S2();
  // C1
  for (int c0 = 1; c0 < n; c0 += 1)
    S3(c0);
  // C2
  // @parallel(auto)
  for (int c0 = 0; c0 < m; c0 += 1) {
    S4(c0);
    // C3
    for (int c1 = 0; c1 < n; c1 += 1)
      S5(c0, c1);
  }
  S6();
  // C4
  for (int c0 = 0; c0 < m; c0 += 1)
    S7(c0);
  S8();
  S9();
  S10();
}
