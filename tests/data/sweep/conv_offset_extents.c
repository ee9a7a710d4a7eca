/* A 3 x 3 convolution whose output has extents with offsets (N - 2, M - 2),
   as Tiramisu's blur and hand-written image filters declare them (issue 23,
   defect 4). */
#include <stdio.h>

#define N 26
#define M 30

static double in[N][M];
static double out[N - 2][M - 2];
static double w[3][3];

void kernel(int n, int m, double out[n - 2][m - 2], double in[n][m], double w[3][3]) {
  int i, j;
#pragma scop
  for (i = 0; i < n - 2; i++)
    for (j = 0; j < m - 2; j++)
      out[i][j] = w[0][0] * in[i][j] + w[0][1] * in[i][j + 1] + w[0][2] * in[i][j + 2] +
                  w[1][0] * in[i + 1][j] + w[1][1] * in[i + 1][j + 1] + w[1][2] * in[i + 1][j + 2] +
                  w[2][0] * in[i + 2][j] + w[2][1] * in[i + 2][j + 1] + w[2][2] * in[i + 2][j + 2];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) in[i][j] = (double)((i * 5 + j * 7) % 13) / 3.0;
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) w[a][b] = (a + 1) * 0.25 - b * 0.125;
  kernel(N, M, out, in, w);
  for (int i = 0; i < N - 2; i++) {
    double row = 0.0;
    for (int j = 0; j < M - 2; j++) row += out[i][j] * (1 + (i * 3 + j) % 7);
    printf("out row %d: %.12e\n", i, row);
  }
  return 0;
}
