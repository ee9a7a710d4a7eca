// SPDX-License-Identifier: Apache-2.0
// Jacobi 2-D as Pluto's examples/jacobi-2d-imper has it (PolyBench 3's
// "imperfect" form: b from a, then a copied back), to time Loopscape's
// time-tiled code beside Pluto's published listing of the same kernel
// (bench/pluto_compare.sh). With -DPLUTO_BODY='"path/.body.c"' the kernel is
// that listing instead of the loops below.
#include <stdio.h>
#include <time.h>

#ifndef N
#define N 2000
#endif
#ifndef T
#define T 100
#endif

#ifdef PLUTO_BODY
#include "listing_macros.h"
#endif

static double a[N][N], b[N][N];

static void kernel(double a[N][N], double b[N][N]) {
  int t, i, j;
#ifdef PLUTO_BODY
#include PLUTO_BODY
#else
#pragma scop
  for (t = 0; t < T; t++) {
    for (i = 2; i < N - 1; i++)
      for (j = 2; j < N - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][1 + j] + a[1 + i][j] + a[i - 1][j]);
    for (i = 2; i < N - 1; i++)
      for (j = 2; j < N - 1; j++)
        a[i][j] = b[i][j];
  }
#pragma endscop
#endif
  (void)t, (void)i, (void)j;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = ((double)i * (j + 2) + 2) / N;
      b[i][j] = ((double)i * (j + 3) + 3) / N;
    }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  kernel(a, b);
  clock_gettime(CLOCK_MONOTONIC, &end);
  fprintf(stderr, "seconds %.4f\n", (end.tv_sec - start.tv_sec) + 1e-9 * (end.tv_nsec - start.tv_nsec));
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sum += a[i][j] * (1 + (i + j) % 7);
  printf("%.10e\n", sum);
  return 0;
}
