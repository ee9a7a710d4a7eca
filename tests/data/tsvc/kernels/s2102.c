/* TSVC_2 kernel s2102: diagonals / identity matrix, best results vectorize both inner and outer
   loops.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s2102(real_t aa[LEN_2D][LEN_2D])
{
#pragma scop
    for (int i = 0; i < LEN_2D; i++) {
        for (int j = 0; j < LEN_2D; j++) {
            aa[j][i] = (real_t)0.;
        }
        aa[i][i] = (real_t)1.;
    }
#pragma endscop
}
