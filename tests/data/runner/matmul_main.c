/* Runner test: a program with its own main that prints its result array in
   the PolyBench dump format (stderr) and a checksum (stdout). */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 40
#endif

static double A[N][N], B[N][N], C[N][N];

static void init_arrays(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * j + 1) % n) / n;
      B[i][j] = (double)(i * (j + 1) % n) / n;
    }
}

void kernel_matmul(int n, double C[N][N], double A[N][N], double B[N][N]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = 0.0;
      for (k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
#pragma endscop
}

static void print_array(int n, double C[N][N]) {
  fprintf(stderr, "==BEGIN DUMP_ARRAYS==\n");
  fprintf(stderr, "begin dump: %s", "C");
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if ((i * n + j) % 20 == 0) fprintf(stderr, "\n");
      fprintf(stderr, "%0.2lf ", C[i][j]);
    }
  fprintf(stderr, "\nend   dump: %s\n", "C");
  fprintf(stderr, "==END   DUMP_ARRAYS==\n");
}

int main(void) {
  init_arrays(N);
  kernel_matmul(N, C, A, B);
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sum += C[i][j] * (1 + (i + j) % 3);
#ifndef NO_CHECKSUM
  printf("checksum %.10f\n", sum);
#endif
#ifdef POLYBENCH_DUMP_ARRAYS
  print_array(N, C);
#endif
  return 0;
}
