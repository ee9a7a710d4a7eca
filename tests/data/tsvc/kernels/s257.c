/* TSVC_2 kernel s257: scalar and array expansion / array expansion.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s257(real_t a[LEN_1D], real_t aa[LEN_2D][LEN_2D], real_t bb[LEN_2D][LEN_2D])
{
#pragma scop
    for (int i = 1; i < LEN_2D; i++) {
        for (int j = 0; j < LEN_2D; j++) {
            a[i] = aa[j][i] - a[i-1];
            aa[j][i] = a[i] + bb[j][i];
        }
    }
#pragma endscop
}
