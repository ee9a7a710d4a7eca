/* Spec 001's diamond with k = A @ x computed once (pin_cse), as C writes it: the same program as
   samples/lappy_diamond.cpp in its cse mode (test_lappy compares them). */
#include <math.h>

void c_kernel(int n, double A[n][n], double x[n], double c[n][n]) {
  double k[n];
#pragma scop
  for (int i_dup = 0; i_dup < n; i_dup++) {
    k_init: k[i_dup] = 0.0;
    for (int l = 0; l < n; l++)
      k: k[i_dup] = k[i_dup] + A[i_dup][l] * x[l];
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c: c[i][j] = sin(k[i]) * cos(k[j]);
#pragma endscop
}
