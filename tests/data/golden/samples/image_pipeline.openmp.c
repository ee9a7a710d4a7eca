/* Loopscape sample: Image pipeline: brighten (1.5 * img), clamp to [0, 255], 3-point blur along j (the Tiramisu motivating example). */
#include <math.h>
#include <stdio.h>

#ifndef N
#define N 48
#endif
#ifndef M
#define M 64
#endif
#define CH 3

static float IMG[N][M][CH];
static float OUT[N][M][CH];

static void init_image(int n, int m, float image[N][M][CH]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int c = 0; c < CH; c++)
        image[i][j][c] = (float)((i * 7 + j * 13 + c * 29) % 256);
}

/* b1 and b2 hold one row and are reused for every row i: storage that the
   schedule must respect. They are local temporaries, so the data-layout
   commands may inline them (S0.inline()) or move them (S1.store_in(...)). */
void kernel_pipeline(int n, int m, float image[N][M][CH], float out[N][M][CH]) {
  float b1[M][CH], b2[M][CH];
  int i, j, c;
#pragma scop
  for (int i = 0; i < n; i++) {
    // j runs once per iteration of i: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if (3 * (long) (m) >= 20000) {
      #pragma omp parallel for
      for (int j = 0; j < m; j++)
        for (int c = 0; c <= 2; c++)
          b1[j][c] = 1.5f * image[i][j][c];
    } else {
      for (int j = 0; j < m; j++)
        for (int c = 0; c <= 2; c++)
          b1[j][c] = 1.5f * image[i][j][c];
    }
    // j runs once per iteration of i: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if (3 * (long) (m) >= 20000) {
      #pragma omp parallel for
      for (int j = 0; j < m; j++)
        for (int c = 0; c <= 2; c++)
          b2[j][c] = fminf(fmaxf(b1[j][c], 0.0f), 255.0f);
    } else {
      for (int j = 0; j < m; j++)
        for (int c = 0; c <= 2; c++)
          b2[j][c] = fminf(fmaxf(b1[j][c], 0.0f), 255.0f);
    }
    // j runs once per iteration of i: in parallel only with work enough for a team of threads (20000 instances, estimated)
    if (3 * (long) (m - 2) >= 20000) {
      #pragma omp parallel for
      for (int j = 1; j < m - 1; j++)
        for (int c = 0; c <= 2; c++)
          out[i][j][c] = (b2[j - 1][c] + b2[j][c] + b2[j + 1][c]) / 3.0f;
    } else {
      for (int j = 1; j < m - 1; j++)
        for (int c = 0; c <= 2; c++)
          out[i][j][c] = (b2[j - 1][c] + b2[j][c] + b2[j + 1][c]) / 3.0f;
    }
  }
#pragma endscop
}

int main(void) {
  init_image(N, M, IMG);
  kernel_pipeline(N, M, IMG, OUT);
  double sum = 0.0, weighted = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 1; j < M - 1; j++)
      for (int c = 0; c < CH; c++) {
        sum += OUT[i][j][c];
        weighted += OUT[i][j][c] * (1 + (i + 2 * j + 3 * c) % 7);
      }
  printf("out checksum %.6f weighted %.6f\n", sum, weighted);
  printf("out[0][1][0] %.4f out[%d][%d][2] %.4f\n", OUT[0][1][0], N - 1, M - 2, OUT[N - 1][M - 2][2]);
  return 0;
}
