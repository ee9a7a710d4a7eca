/* TSVC_2 kernel s4116: indirect addressing / more complicated sparse sdot / gather is required.
   Arguments from TSVC_2's main(): ip = init()'s index array (common.c: a permutation of 0..LEN_1D-1
   in groups of 5); j = LEN_2D/2 = 10; inc = n1 = 1.
   verify-params: --param j=10 --param inc=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s4116(real_t a[LEN_1D], real_t aa[LEN_2D][LEN_2D], int ip[LEN_1D], int j, int inc, real_t result[1])
{
    real_t sum;
    int off;
#pragma scop
    sum = 0.;
    for (int i = 0; i < LEN_2D-1; i++) {
        off = inc + i;
        sum += a[off] * aa[j-1][ip[i]];
    }
    result[0] = sum;
#pragma endscop
}
