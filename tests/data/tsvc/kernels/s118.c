/* TSVC_2 kernel s118: linear dependence testing / potential dot product recursion.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s118(real_t a[LEN_1D], real_t bb[LEN_2D][LEN_2D])
{
#pragma scop
    for (int i = 1; i < LEN_2D; i++) {
        for (int j = 0; j <= i - 1; j++) {
            a[i] += bb[j][i] * a[i-j-1];
        }
    }
#pragma endscop
}
