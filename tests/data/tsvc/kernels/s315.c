/* TSVC_2 kernel s315: reductions / if to max with index reductio 1 dimension.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s315(real_t a[LEN_1D], real_t result[1])
{
    for (int i = 0; i < LEN_1D; i++)
        a[i] = (i * 7) % LEN_1D;
    real_t x, chksum;
    int index;
#pragma scop
    x = a[0];
    index = 0;
    for (int i = 0; i < LEN_1D; ++i) {
        if (a[i] > x) {
            x = a[i];
            index = i;
        }
    }
    chksum = x + (real_t) index;
    result[0] = chksum;
#pragma endscop
}
