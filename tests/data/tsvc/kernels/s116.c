/* TSVC_2 kernel s116: linear dependence testing.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s116(real_t a[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D - 5; i += 5) {
        a[i] = a[i + 1] * a[i];
        a[i + 1] = a[i + 2] * a[i + 1];
        a[i + 2] = a[i + 3] * a[i + 2];
        a[i + 3] = a[i + 4] * a[i + 3];
        a[i + 4] = a[i + 5] * a[i + 4];
    }
#pragma endscop
}
