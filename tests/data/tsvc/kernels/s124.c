/* TSVC_2 kernel s124: induction variable recognition / induction variable under both sides of if
   (same value).
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s124(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D])
{
    int j;
#pragma scop
    j = -1;
    for (int i = 0; i < LEN_1D; i++) {
        if (b[i] > (real_t)0.) {
            j++;
            a[j] = b[i] + d[i] * e[i];
        } else {
            j++;
            a[j] = c[i] + d[i] * e[i];
        }
    }
#pragma endscop
}
