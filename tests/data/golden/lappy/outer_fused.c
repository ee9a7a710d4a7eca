/* c_kernel: a lappy program (lazy arrays written with Loopscape's C++ API), rendered as C.
   The region holds its original loops, each statement labelled with its name.

   Instructions:

     for i, j
       c[i, j] = sin(i) * cos(j)
     end

   Loop domain:

                     AND
            /-------/  \-------\
            |                  |
     { 0 <= i < n }     { 0 <= j < n }
 */
#include <math.h>

void c_kernel(int n, double c[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c: c[i][j] = sin(i) * cos(j);
#pragma endscop
}
