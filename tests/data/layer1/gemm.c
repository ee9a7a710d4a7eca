/* gemm as C writes it: the same program as samples/tiramisu_gemm.cpp (test_layer1 compares their models and code). */
void gemm(int N, int M, int K, double A[N][K], double B[K][M], double C[N][M]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      c0: C[i][j] = 0.0;
      for (k = 0; k < K; k++)
        c1: C[i][j] = C[i][j] + A[i][k] * B[k][j];
    }
#pragma endscop
}
