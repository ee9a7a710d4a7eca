/* Loopscape sample: Matrix multiplication C = A * B (three nested loops, a reduction over k). */
#include <stdio.h>

#ifndef NI
#define NI 64
#endif
#ifndef NJ
#define NJ 72
#endif
#ifndef NK
#define NK 80
#endif

static double A[NI][NK];
static double B[NK][NJ];
static double C[NI][NJ];

static void init_arrays(int ni, int nj, int nk, double a[NI][NK], double b[NK][NJ]) {
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      a[i][k] = (double)((i * k + 1) % ni) / ni;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      b[k][j] = (double)((k * (j + 1) + 1) % nj) / nj;
}

void kernel_matmul(int ni, int nj, int nk, double c[NI][NJ], double a[NI][NK], double b[NK][NJ]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      c[i][j] = 0.0;
      for (k = 0; k < nk; k++)
        c[i][j] += a[i][k] * b[k][j];
    }
#pragma endscop
}

static void print_result(int ni, int nj, double c[NI][NJ]) {
  double sum = 0.0, weighted = 0.0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      sum += c[i][j];
      weighted += c[i][j] * (1 + (i * nj + j) % 7);
    }
  printf("C checksum %.10e weighted %.10e\n", sum, weighted);
  printf("C[0][0] %.10e C[%d][%d] %.10e\n", c[0][0], ni - 1, nj - 1, c[ni - 1][nj - 1]);
}

int main(void) {
  init_arrays(NI, NJ, NK, A, B);
  kernel_matmul(NI, NJ, NK, C, A, B);
  print_result(NI, NJ, C);
  return 0;
}
