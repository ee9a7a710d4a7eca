s = 0.0;
for (int i = 0; i < n; i++)
  s = s + x[i] * x[i];
r[0] = sqrt(s);
r[1] = s / n;
