/* Lesson kernel: a running sum (each element needs the one before it) and a copy. */
#include <stdio.h>

#ifndef N
#define N 16
#endif

static double A[N], B[N], C[N];

void kernel_prefix_sum(int n, double a[N], double b[N], double c[N]) {
  int i;
#pragma scop
  for (i = 1; i < n; i++)
    a[i] = a[i - 1] + b[i];
  for (i = 0; i < n; i++)
    c[i] = 2.0 * a[i];
#pragma endscop
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i] = i % 3;
    B[i] = 1.0 / (i + 1);
  }
  kernel_prefix_sum(N, A, B, C);
  double sum = 0.0;
  for (int i = 0; i < N; i++) sum += C[i] * (1 + i % 7);
  printf("C checksum %.10e last %.10e\n", sum, C[N - 1]);
  return 0;
}
