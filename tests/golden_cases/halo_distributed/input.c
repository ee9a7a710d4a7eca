/* Four blocks of M values; the second sweep reads one value of each neighbouring block:
   the explicit send/receive tests of the mpi target (test_codegen_mpi). */
#include <stdio.h>
#define R 4
#define M 8
double A[R * M + 2], B[R * M + 2];

void kernel(void) {
  int r, i;
#pragma scop
  for (r = 0; r < R; r++)
    for (i = 0; i < M; i++)
      B[r * M + i + 1] = 2.0 * A[r * M + i + 1];
  for (r = 0; r < R; r++)
    for (i = 0; i < M; i++)
      A[r * M + i + 1] = B[r * M + i] + B[r * M + i + 2];
#pragma endscop
}

int main(void) {
  for (int k = 0; k < R * M + 2; k++) A[k] = k % 7 + 0.5, B[k] = k % 5;
  kernel();
  for (int k = 0; k < R * M + 2; k++) printf("%g %g\n", A[k], B[k]);
  return 0;
}
