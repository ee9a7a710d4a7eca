/* c_kernel: a lappy program (lazy arrays written with Loopscape's C++ API), rendered as C.
   The region holds its original loops, each statement labelled with its name.

   Instructions:

     for i_dup
       <> k[i_dup] = sum([l], A[i_dup, l] * x[l])  {id=k}
     end

     for i, j
       c[i, j] = sin(k[i]) * cos(k[j])  {dep=k}
     end

   Loop domain:

                                          OR
                      /------------------/ \-------------------\
                      |                                        |
                     AND                                      AND
            /-------/  \-------\                    /--------/  \--------\
            |                  |                    |                    |
     { 0 <= i < n }     { 0 <= j < n }     { 0 <= i_dup < n }     { 0 <= l < n }
 */
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
