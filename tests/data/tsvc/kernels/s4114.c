/* TSVC_2 kernel s4114: indirect addressing / mix indirect addressing with variable lower and upper
   bounds / gather is required.
   Arguments from TSVC_2's main(): ip = init()'s index array (common.c: a permutation of 0..LEN_1D-1
   in groups of 5); n1 = 1.
   verify-params: --param n1=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s4114(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], int ip[LEN_1D], int n1)
{
    int k;
#pragma scop
    for (int i = n1-1; i < LEN_1D; i++) {
        k = ip[i];
        a[i] = b[i] + c[LEN_1D-k+1-2] * d[i];
        k += 5;
    }
#pragma endscop
}
