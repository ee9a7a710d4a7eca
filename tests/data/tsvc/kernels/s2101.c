/* TSVC_2 kernel s2101: diagonals / main diagonal calculation / jump in data access.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s2101(real_t aa[LEN_2D][LEN_2D], real_t bb[LEN_2D][LEN_2D], real_t cc[LEN_2D][LEN_2D])
{
#pragma scop
    for (int i = 0; i < LEN_2D; i++) {
        aa[i][i] += bb[i][i] * cc[i][i];
    }
#pragma endscop
}
