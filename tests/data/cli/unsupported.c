void kernel(int n, double A[100], int B[100]) {
#pragma scop
  for (int i = 0; i < n; i++)
    while (A[i] > 1.0) A[i] = A[i] / 2;
#pragma endscop
}
