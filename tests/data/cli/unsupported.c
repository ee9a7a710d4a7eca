void kernel(int n, double A[100], int B[100]) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[B[i]] = 1.0;
#pragma endscop
}
