/* TSVC_2 kernel s171: symbolics / symbolic dependence tests.
   Arguments from TSVC_2's main(): inc = n1 = 1.
   verify-params: --param inc=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s171(real_t a[LEN_1D], real_t b[LEN_1D], int inc)
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        a[i * inc] += b[i];
    }
#pragma endscop
}
