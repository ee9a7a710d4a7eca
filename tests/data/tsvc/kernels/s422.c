/* TSVC_2 kernel s422: storage classes and equivalencing / common and equivalence statement / anti-
   dependence, threshold of 4.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s422(real_t a[LEN_1D], real_t flat_2d_array[LEN_2D*LEN_2D], real_t* __restrict__ xx)
{
    xx = flat_2d_array + 4;
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        xx[i] = flat_2d_array[i + 8] + a[i];
    }
#pragma endscop
}
