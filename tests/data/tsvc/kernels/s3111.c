/* TSVC_2 kernel s3111: reductions / conditional sum reduction.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s3111(real_t a[LEN_1D], real_t result[1])
{
    real_t sum;
#pragma scop
    sum = 0.;
    for (int i = 0; i < LEN_1D; i++) {
        if (a[i] > (real_t)0.) {
            sum += a[i];
        }
    }
    result[0] = sum;
#pragma endscop
}
