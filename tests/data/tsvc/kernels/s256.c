/* TSVC_2 kernel s256: scalar and array expansion / array expansion.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s256(real_t a[LEN_1D], real_t d[LEN_1D], real_t aa[LEN_2D][LEN_2D], real_t bb[LEN_2D][LEN_2D])
{
#pragma scop
    for (int i = 0; i < LEN_2D; i++) {
        for (int j = 1; j < LEN_2D; j++) {
            a[j] = (real_t)1.0 - a[j - 1];
            aa[j][i] = a[j] + bb[j][i]*d[j];
        }
    }
#pragma endscop
}
