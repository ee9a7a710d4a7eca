/* TSVC_2 kernel s232: loop interchange / interchanging of triangular loops.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s232(real_t aa[LEN_2D][LEN_2D], real_t bb[LEN_2D][LEN_2D])
{
#pragma scop
    for (int j = 1; j < LEN_2D; j++) {
        for (int i = 1; i <= j; i++) {
            aa[j][i] = aa[j][i-1]*aa[j][i-1]+bb[j][i];
        }
    }
#pragma endscop
}
