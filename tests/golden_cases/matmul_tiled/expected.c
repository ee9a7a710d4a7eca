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
#ifndef floord
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
#pragma scop
  for (int i0 = 0; i0 <= floord(ni - 1, 16); i0++)
    for (int j0 = 0; j0 <= floord(nj - 1, 16); j0++)
      for (int i1 = 0; i1 <= min(15, ni - 16 * i0 - 1); i1++)
        for (int j1 = 0; j1 <= min(15, nj - 16 * j0 - 1); j1++) {
          c[16 * i0 + i1][16 * j0 + j1] = 0.0;
          for (int k = 0; k < nk; k++)
            c[16 * i0 + i1][16 * j0 + j1] += a[16 * i0 + i1][k] * b[k][16 * j0 + j1];
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
