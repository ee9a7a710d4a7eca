/* c_kernel: a lappy program (lazy arrays written with Loopscape's C++ API), rendered as C.
   The region holds its original loops, each statement labelled with its name.

   Instructions:

     for i, j
       <> k[j] = sum([l], A[j, l] * x[l])  {id=k}
       c[i, j] = sin(k[i]) * cos(k[j])  {dep=k}
     end

   Loop domain:

                              AND
            /----------------/ |\-----------------\
            |                  |                  |
     { 0 <= i < n }     { 0 <= j < n }     { 0 <= l < n }
 */
#include <math.h>

void c_kernel(int n, double A[n][n], double x[n], double c[n][n]) {
  double k[n];
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      k_init: k[j] = 0.0;
      for (int l = 0; l < n; l++)
        k: k[j] = k[j] + A[j][l] * x[l];
      c: c[i][j] = sin(k[i]) * cos(k[j]);
    }
#pragma endscop
}
