/* gemm: a Tiramisu function written with Loopscape's C++ API, rendered as C. The region
   holds its original loops, each statement labelled with its computation's name. */
#include <math.h>

void gemm(int N, int M, int K, double A[N][K], double B[K][M], double C[N][M]) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      c0: C[i][j] = 0.0;
      for (int k = 0; k < K; k++)
        c1: C[i][j] = C[i][j] + A[i][k] * B[k][j];
    }
#pragma endscop
}
