/* c_kernel: a lappy program (lazy arrays written with Loopscape's C++ API), rendered as C.
   The region holds its original loops, each statement labelled with its name.

   Instructions:

     for i, j
       c[i, j] = sin(sum([k], A[i, k] * x[k])) * cos(sum([l], A[j, l] * x[l]))
     end

   Loop domain:

                                        AND
            /------------------+-------/  \-------+------------------\
            |                  |                  |                  |
     { 0 <= i < n }     { 0 <= j < n }     { 0 <= k < n }     { 0 <= l < n }
 */
#include <math.h>

void c_kernel(int n, double A[n][n], double x[n], double c[n][n]) {
  double c_sum[n][n];
  double c_sum_1[n][n];
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      c_sum_init: c_sum[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        c_sum: c_sum[i][j] = c_sum[i][j] + A[i][k] * x[k];
      c_sum_1_init: c_sum_1[i][j] = 0.0;
      for (int l = 0; l < n; l++)
        c_sum_1: c_sum_1[i][j] = c_sum_1[i][j] + A[j][l] * x[l];
      c: c[i][j] = sin(c_sum[i][j]) * cos(c_sum_1[i][j]);
    }
#pragma endscop
}
