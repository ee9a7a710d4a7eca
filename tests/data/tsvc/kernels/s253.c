/* TSVC_2 kernel s253: scalar and array expansion / scalar expansio assigned under if.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s253(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D])
{
    real_t s;
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        if (a[i] > b[i]) {
            s = a[i] - b[i] * d[i];
            c[i] += s;
            a[i] = s;
        }
    }
#pragma endscop
}
