/* TSVC_2 kernel s276: control flow / if test using loop index.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s276(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D])
{
    int mid = (LEN_1D/2);
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        if (i+1 < mid) {
            a[i] += b[i] * c[i];
        } else {
            a[i] += b[i] * d[i];
        }
    }
#pragma endscop
}
