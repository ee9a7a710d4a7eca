/* Jacobi 1-D as C writes it: the same program as samples/tiramisu_jacobi1d.cpp (test_layer1 compares their models and code). */
void jacobi1d(int T, int N, double A[N], double B[N]) {
  int t, i;
#pragma scop
  for (t = 0; t < T; t++) {
    for (i = 1; i < N - 1; i++)
      sB: B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < N - 1; i++)
      sA: A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}
