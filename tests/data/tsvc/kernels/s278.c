/* TSVC_2 kernel s278: control flow / if/goto to block if-then-else.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s278(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        if (a[i] > (real_t)0.) {
            goto L20;
        }
        b[i] = -b[i] + d[i] * e[i];
        goto L30;
L20:
        c[i] = -c[i] + d[i] * e[i];
L30:
        a[i] = b[i] + c[i] * d[i];
    }
#pragma endscop
}
