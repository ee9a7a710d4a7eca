/* TSVC_2 kernel s261: scalar and array expansion / wrap-around scalar under an if.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s261(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D])
{
    real_t t;
#pragma scop
    for (int i = 1; i < LEN_1D; ++i) {
        t = a[i] + b[i];
        a[i] = t + c[i-1];
        t = c[i] * d[i];
        c[i] = t;
    }
#pragma endscop
}
