/* TSVC_2 kernel s331: search loops / if to last-1.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s331(real_t a[LEN_1D], real_t result[1])
{
    int j;
    real_t chksum;
#pragma scop
    j = -1;
    for (int i = 0; i < LEN_1D; i++) {
        if (a[i] < (real_t)0.) {
            j = i;
        }
    }
    chksum = (real_t) j;
    result[0] = chksum;
#pragma endscop
}
