/* Integer division and remainder: C truncates toward zero. */
double A[100], B[100];

void kernel(int n) {
  int i;
#pragma scop
  for (i = 0; i < n / 2; i++)
    A[i / 3] = B[i % 4];
  for (i = -n; i < n; i++)
    A[i / 2 + n] = B[i % 3 + 2];
  if (n >= 0)
    for (i = 0; i != n; i++)
      B[i] = 0.0;
#pragma endscop
}
