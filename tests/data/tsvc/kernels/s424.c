/* TSVC_2 kernel s424: storage classes and equivalencing / common and equivalenced variables -
   overlap / vectorizeable in strips of 64 or less / do this again here.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s424(real_t a[LEN_1D], real_t flat_2d_array[LEN_2D*LEN_2D], real_t* __restrict__ xx)
{
    int vl = 63;
    xx = flat_2d_array + vl;
#pragma scop
    for (int i = 0; i < LEN_1D - 1; i++) {
        xx[i+1] = flat_2d_array[i] + a[i];
    }
#pragma endscop
}
