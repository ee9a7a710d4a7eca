/* TSVC_2 kernel s2233: loop interchange / interchanging with one of two inner loops.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s2233(real_t aa[LEN_2D][LEN_2D], real_t bb[LEN_2D][LEN_2D], real_t cc[LEN_2D][LEN_2D])
{
#pragma scop
    for (int i = 1; i < LEN_2D; i++) {
        for (int j = 1; j < LEN_2D; j++) {
            aa[j][i] = aa[j-1][i] + cc[j][i];
        }
        for (int j = 1; j < LEN_2D; j++) {
            bb[i][j] = bb[i-1][j] + cc[i][j];
        }
    }
#pragma endscop
}
