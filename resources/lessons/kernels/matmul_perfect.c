/* Lesson kernel: a perfect matrix product nest (C starts at zero), ready for a systolic array. */
#include <stdio.h>

#ifndef N
#define N 8
#endif

static float A[N][N], B[N][N], C[N][N];

void kernel_matmul_perfect(int n, float c[N][N], float a[N][N], float b[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        c[i][j] += a[i][k] * b[k][j];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (float)((i + 2 * j) % 5);
      B[i][j] = (float)((3 * i + j) % 7);
    }
  kernel_matmul_perfect(N, C, A, B);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sum += C[i][j] * (1 + (i * N + j) % 7);
  printf("C checksum %.6e\n", sum);
  return 0;
}
