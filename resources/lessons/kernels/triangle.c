/* Lesson kernel: a triangular iteration domain (j runs up to i). */
#include <stdio.h>

#ifndef N
#define N 10
#endif

static double S[N][N];

void kernel_triangle(int n, double s[N][N]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      s[i][j] = i + 0.5 * j;
#pragma endscop
}

int main(void) {
  kernel_triangle(N, S);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sum += S[i][j] * (1 + (i * N + j) % 5);
  printf("S checksum %.10e\n", sum);
  return 0;
}
