/* c_kernel: a lappy program (lazy arrays written with Loopscape's C++ API), rendered as C.
   The region holds its original loops, each statement labelled with its name.

   Instructions:

     for i, j
       <> k[j] = j  {id=k}
       c[i, j] = sin(k[i]) * cos(k[j])  {dep=k}
     end

   Loop domain:

                     AND
            /-------/  \-------\
            |                  |
     { 0 <= i < n }     { 0 <= j < n }
 */
#include <math.h>

void c_kernel(int n, double c[n][n]) {
  int k[n];
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      k: k[j] = j;
      c: c[i][j] = sin(k[i]) * cos(k[j]);
    }
#pragma endscop
}
