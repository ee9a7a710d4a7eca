/* C = A @ B as C writes it: the same program as lappy's matmul(A, B).eval("C") (test_lappy compares them),
   with the arguments in the order lappy's C function takes them (sizes in the order their loops run). */
void C_kernel(int n, int p, int m, double A[n][m], double B[m][p], double C[n][p]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p; j++) {
      C_init: C[i][j] = 0.0;
      for (int k = 0; k < m; k++)
        C: C[i][j] = C[i][j] + A[i][k] * B[k][j];
    }
#pragma endscop
}
