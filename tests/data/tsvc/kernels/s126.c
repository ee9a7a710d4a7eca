/* TSVC_2 kernel s126: induction variable recognition / induction variable in two loops; recurrence
   in inner loop.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s126(real_t bb[LEN_2D][LEN_2D], real_t cc[LEN_2D][LEN_2D], real_t flat_2d_array[LEN_2D*LEN_2D])
{
    int k;
#pragma scop
    k = 1;
    for (int i = 0; i < LEN_2D; i++) {
        for (int j = 1; j < LEN_2D; j++) {
            bb[j][i] = bb[j-1][i] + flat_2d_array[k-1] * cc[j][i];
            ++k;
        }
        ++k;
    }
#pragma endscop
}
