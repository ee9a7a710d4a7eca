/* TSVC_2 kernel s423: storage classes and equivalencing / common and equivalenced variables - with
   anti-dependence / do this again here.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s423(real_t a[LEN_1D], real_t flat_2d_array[LEN_2D*LEN_2D], real_t* __restrict__ xx)
{
    int vl = 64;
    xx = flat_2d_array + vl;
#pragma scop
    for (int i = 0; i < LEN_1D - 1; i++) {
        flat_2d_array[i+1] = xx[i] + a[i];
    }
#pragma endscop
}
