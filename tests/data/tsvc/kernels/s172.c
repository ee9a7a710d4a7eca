/* TSVC_2 kernel s172: symbolics / vectorizable if n3 .ne. 0.
   Arguments from TSVC_2's main(): n1 = 1; n3 = 1.
   verify-params: --param n1=1 --param n3=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s172(real_t a[LEN_1D], real_t b[LEN_1D], int n1, int n3)
{
#pragma scop
    for (int i = n1-1; i < LEN_1D; i += n3) {
        a[i] += b[i];
    }
#pragma endscop
}
