/* TSVC_2 kernel s128: induction variables / coupled induction variables / jump in data access.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s128(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D])
{
    int j, k;
#pragma scop
    j = -1;
    for (int i = 0; i < LEN_1D/2; i++) {
        k = j + 1;
        a[i] = b[k] - d[i];
        j = k + 1;
        b[k] = a[i] + c[k];
    }
#pragma endscop
}
