// SPDX-License-Identifier: Apache-2.0
// Gauss-Seidel 2-D as Pluto's examples/seidel has it, to time Loopscape's
// time-tiled code beside Pluto's published listing of the same kernel
// (bench/pluto_compare.sh). With -DPLUTO_BODY='"path/.body.c"' the kernel is
// that listing instead of the loops below.
#include <stdio.h>
#include <time.h>

#ifndef N
#define N 1000
#endif
#ifndef T
#define T 200
#endif

#ifdef PLUTO_BODY
#include "listing_macros.h"
#endif

static double a[N][N];

static void kernel(double a[N][N]) {
  int t, i, j;
#ifdef PLUTO_BODY
#include PLUTO_BODY
#else
#pragma scop
  for (t = 0; t <= T - 1; t++)
    for (i = 1; i <= N - 2; i++)
      for (j = 1; j <= N - 2; j++)
        a[i][j] = (a[i - 1][j - 1] + a[i - 1][j] + a[i - 1][j + 1] + a[i][j - 1] + a[i][j] + a[i][j + 1] +
                   a[i + 1][j - 1] + a[i + 1][j] + a[i + 1][j + 1]) / 9.0;
#pragma endscop
#endif
  (void)t, (void)i, (void)j;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) a[i][j] = ((double)i * (j + 2) + 2) / N;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  kernel(a);
  clock_gettime(CLOCK_MONOTONIC, &end);
  fprintf(stderr, "seconds %.4f\n", (end.tv_sec - start.tv_sec) + 1e-9 * (end.tv_nsec - start.tv_nsec));
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sum += a[i][j] * (1 + (i + j) % 7);
  printf("%.10e\n", sum);
  return 0;
}
