/* TSVC_2 kernel s1421: storage classes and equivalencing / equivalence- no overlap.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s1421(real_t a[LEN_1D], real_t b[LEN_1D], real_t* __restrict__ xx)
{
    xx = &b[LEN_1D/2];
#pragma scop
    for (int i = 0; i < LEN_1D/2; i++) {
        b[i] = xx[i] + a[i];
    }
#pragma endscop
}
