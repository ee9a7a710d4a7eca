/* TSVC_2 kernel s332: search loops / first value greater than threshold.
   Arguments from TSVC_2's main(): t = *(int*)&s1 (TSVC_2 reads the real_t 1.0 as an int; verified
   with t = 1).
   verify-params: --param t=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s332(real_t a[LEN_1D], int t, real_t result[1])
{
    int index;
    real_t value;
    real_t chksum;
#pragma scop
    index = -2;
    value = -1.;
    for (int i = 0; i < LEN_1D; i++) {
        if (a[i] > t) {
            index = i;
            value = a[i];
            goto L20;
        }
    }
L20:
    chksum = value + (real_t) index;
    result[0] = chksum;
#pragma endscop
}
