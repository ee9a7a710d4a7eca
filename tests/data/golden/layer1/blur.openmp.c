/* blur: a Tiramisu function written with Loopscape's C++ API, rendered as C. The region
   holds its original loops, each statement labelled with its computation's name. */
#include <math.h>

void blur(int N, int M, float img[N][M][3], float out[N][M - 1][3]) {
  float b1[N][M][3];
  float buf_b2[N][M][3];
#pragma scop
  #pragma omp parallel for
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      for (int c = 0; c <= 2; c++) {
        b1[i][j][c] = 1.5f * img[i][j][c];
        buf_b2[i][j][c] = fminf(fmaxf(b1[i][j][c], 0.0f), 255.0f);
      }
    for (int j = 1; j < M - 1; j++)
      for (int c = 0; c <= 2; c++)
        out[i][j][c] = (buf_b2[i][j - 1][c] + buf_b2[i][j][c] + buf_b2[i][j + 1][c]) / 3.0f;
  }
#pragma endscop
}
