/* TSVC_2 kernel s1112: linear dependence testing / loop reversal.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s1112(real_t a[LEN_1D], real_t b[LEN_1D])
{
#pragma scop
    for (int i = LEN_1D - 1; i >= 0; i--) {
        a[i] = b[i] + (real_t) 1.;
    }
#pragma endscop
}
