/* gemm: a Tiramisu function written with Loopscape's C++ API, rendered as C. The region
   holds its original loops, each statement labelled with its computation's name. */
#include <math.h>

void gemm(int N, int M, int K, double A[N][K], double B[K][M], double C[N][M]) {
#ifndef floord
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
#pragma scop
  #pragma omp parallel for
  for (int i0 = 0; i0 <= floord(N - 1, 32); i0++)
    for (int j0 = 0; j0 <= floord(M - 1, 32); j0++)
      for (int i1 = 0; i1 <= min(31, N - 32 * i0 - 1); i1++)
        for (int j1 = 0; j1 <= min(31, M - 32 * j0 - 1); j1++) {
          C[32 * i0 + i1][32 * j0 + j1] = 0.0;
          for (int k = 0; k < K; k++)
            C[32 * i0 + i1][32 * j0 + j1] = C[32 * i0 + i1][32 * j0 + j1] + A[32 * i0 + i1][k] * B[k][32 * j0 + j1];
        }
#pragma endscop
}
