/* TSVC_2 kernel s351: loop rerolling / unrolled saxpy.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s351(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D])
{
    real_t alpha = c[0];
#pragma scop
    for (int i = 0; i < LEN_1D; i += 5) {
        a[i] += alpha * b[i];
        a[i + 1] += alpha * b[i + 1];
        a[i + 2] += alpha * b[i + 2];
        a[i + 3] += alpha * b[i + 3];
        a[i + 4] += alpha * b[i + 4];
    }
#pragma endscop
}
