/* TSVC_2 kernel s421: storage classes and equivalencing / equivalence- no overlap.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s421(real_t a[LEN_1D], real_t flat_2d_array[LEN_2D*LEN_2D], real_t* __restrict__ xx, real_t* yy)
{
    xx = flat_2d_array;
#pragma scop
    yy = xx;
    for (int i = 0; i < LEN_1D - 1; i++) {
        xx[i] = yy[i+1] + a[i];
    }
#pragma endscop
}
