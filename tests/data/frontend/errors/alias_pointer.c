double A[100];

void kernel(int n) {
  double *q = A;
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    q[i] = 0.0;
#pragma endscop
}
