/* TSVC_2 kernel s3113: reductions / maximum of absolute value.
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

void s3113(real_t a[LEN_1D], real_t result[1])
{
    real_t max;
#pragma scop
    max = ABS(a[0]);
    for (int i = 0; i < LEN_1D; i++) {
        if ((ABS(a[i])) > max) {
            max = ABS(a[i]);
        }
    }
    result[0] = max;
#pragma endscop
}
