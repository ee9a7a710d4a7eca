/* TSVC_2 kernel s115: linear dependence testing / triangular saxpy loop.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s115(real_t a[LEN_1D], real_t aa[LEN_2D][LEN_2D])
{
#pragma scop
    for (int j = 0; j < LEN_2D; j++) {
        for (int i = j+1; i < LEN_2D; i++) {
            a[i] -= aa[j][i] * a[j];
        }
    }
#pragma endscop
}
