/* TSVC_2 kernel s442: non-logical if's / computed goto.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s442(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D], int indx[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        switch (indx[i]) {
            case 1:  goto L15;
            case 2:  goto L20;
            case 3:  goto L30;
            case 4:  goto L40;
        }
L15:
        a[i] += b[i] * b[i];
        goto L50;
L20:
        a[i] += c[i] * c[i];
        goto L50;
L30:
        a[i] += d[i] * d[i];
        goto L50;
L40:
        a[i] += e[i] * e[i];
L50:
        ;
    }
#pragma endscop
}
