/* Lesson kernel: a 1-D stencil updated in place, tsteps times (Gauss-Seidel style). */
#include <stdio.h>

#ifndef TSTEPS
#define TSTEPS 8
#endif
#ifndef N
#define N 24
#endif

static double A[N];

void kernel_seidel1d(int tsteps, int n, double a[N]) {
  int t, i;
#pragma scop
  for (t = 0; t < tsteps; t++)
    for (i = 1; i < n - 1; i++)
      a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) A[i] = (double)((i * 7) % 11) / 11.0;
  kernel_seidel1d(TSTEPS, N, A);
  double sum = 0.0;
  for (int i = 0; i < N; i++) sum += A[i] * (1 + i % 5);
  printf("A checksum %.10e\n", sum);
  return 0;
}
