/* Spec 004's three recurrences in C: A flows along i, B along j, C along k,
   and c keeps C's last value. The arrays have one more plane than the loops
   so the first iteration reads the initial values (spec 004's select(i == 0, ...)). */
#include <stdio.h>
#define I 6
#define J 5
#define K 4

static void kernel(double A[I + 1][J][K], double B[I][J + 1][K], double C[I][J][K + 1], double c[I][J]) {
  int i, j, k;
#pragma scop
  for (k = 0; k < K; k++)
    for (j = 0; j < J; j++)
      for (i = 0; i < I; i++) {
        A[i + 1][j][k] = A[i][j][k] + 1;
        B[i][j + 1][k] = B[i][j][k] * 0.5 + 1;
        C[i][j][k + 1] = A[i + 1][j][k] + B[i][j + 1][k] + C[i][j][k];
        c[i][j] = C[i][j][k + 1];
      }
#pragma endscop
}

int main(void) {
  static double A[I + 1][J][K], B[I][J + 1][K], C[I][J][K + 1], c[I][J];
  for (int j = 0; j < J; j++)
    for (int k = 0; k < K; k++) A[0][j][k] = j - k;
  for (int i = 0; i < I; i++)
    for (int k = 0; k < K; k++) B[i][0][k] = i + k;
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++) C[i][j][0] = i * j;
  kernel(A, B, C, c);
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++) printf("%g\n", c[i][j]);
  for (int i = 0; i <= I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++) printf("%g\n", A[i][j][k]);
  return 0;
}
