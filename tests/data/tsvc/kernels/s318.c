/* TSVC_2 kernel s318: reductions / isamax, max absolute value, increments not equal to 1.
   Arguments from TSVC_2's main(): inc = n1 = 1.
   verify-params: --param inc=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;
#include <math.h>
#define ABS fabsf /* as TSVC_2's common.h defines it for float */

void s318(real_t a[LEN_1D], int inc, real_t result[1])
{
    int k, index;
    real_t max, chksum;
#pragma scop
    k = 0;
    index = 0;
    max = ABS(a[0]);
    k += inc;
    for (int i = 1; i < LEN_1D; i++) {
        if (ABS(a[k]) <= max) {
            goto L5;
        }
        index = i;
        max = ABS(a[k]);
L5:
        k += inc;
    }
    chksum = max + (real_t) index;
    result[0] = chksum;
#pragma endscop
}
