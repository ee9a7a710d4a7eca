/* TSVC_2 kernel s255: scalar and array expansion / carry around variables, 2 levels.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s255(real_t a[LEN_1D], real_t b[LEN_1D])
{
    real_t x, y;
#pragma scop
    x = b[LEN_1D-1];
    y = b[LEN_1D-2];
    for (int i = 0; i < LEN_1D; i++) {
        a[i] = (b[i] + x + y) * (real_t).333;
        y = x;
        x = b[i];
    }
#pragma endscop
}
