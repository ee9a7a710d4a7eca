/* c_kernel: a lappy program (lazy arrays written with Loopscape's C++ API), rendered as C.
   The region holds its original loops, each statement labelled with its name.

   Instructions:

     for i_dup
       <> k[i_dup] = i_dup  {id=k}
     end

     for i, j
       c[i, j] = sin(k[i]) * cos(k[j])  {dep=k}
     end

   Loop domain:

                                    OR
                      /------------/ \--------------\
                      |                             |
                     AND                   { 0 <= i_dup < n }
            /-------/  \-------\
            |                  |
     { 0 <= i < n }     { 0 <= j < n }
 */
#include <math.h>

void c_kernel(int n, double c[n][n]) {
  int k[n];
#pragma scop
  for (int i_dup = 0; i_dup < n; i_dup++)
    k: k[i_dup] = i_dup;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c: c[i][j] = sin(k[i]) * cos(k[j]);
#pragma endscop
}
