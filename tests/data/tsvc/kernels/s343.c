/* TSVC_2 kernel s343: packing / pack 2-d array into one dimension / not vectorizable, value of k in
   unknown at each iteration.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s343(real_t aa[LEN_2D][LEN_2D], real_t bb[LEN_2D][LEN_2D], real_t flat_2d_array[LEN_2D*LEN_2D])
{
    int k;
#pragma scop
    k = -1;
    for (int i = 0; i < LEN_2D; i++) {
        for (int j = 0; j < LEN_2D; j++) {
            if (bb[j][i] > (real_t)0.) {
                k++;
                flat_2d_array[k] = aa[j][i];
            }
        }
    }
#pragma endscop
}
