/* A matrix-vector product for the hls target's tests: spec 004's 1-D array
   (space j, time i), y flowing along the PEs, x held in each PE. */
#include <stdio.h>
#define N 10
#define M 14

static void kernel(double y[N], double A[N][M], double x[M]) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
#pragma endscop
}

int main(void) {
  static double A[N][M], x[M], y[N];
  for (int i = 0; i < N; i++) {
    y[i] = i % 3;
    for (int j = 0; j < M; j++) A[i][j] = (i * 5 + j * 3) % 11 - 5;
  }
  for (int j = 0; j < M; j++) x[j] = j % 4 - 1;
  kernel(y, A, x);
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
