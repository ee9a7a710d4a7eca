/* TSVC_2 kernel s212: statement reordering / dependency needing temporary.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s212(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D-1; i++) {
        a[i] *= c[i];
        b[i] += a[i + 1] * d[i];
    }
#pragma endscop
}
