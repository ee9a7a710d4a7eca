/* TSVC_2 kernel s353: loop rerolling / unrolled sparse saxpy / gather is required.
   Arguments from TSVC_2's main(): ip = init()'s index array (common.c: a permutation of 0..LEN_1D-1
   in groups of 5).
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s353(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], int ip[LEN_1D])
{
    real_t alpha = c[0];
#pragma scop
    for (int i = 0; i < LEN_1D; i += 5) {
        a[i] += alpha * b[ip[i]];
        a[i + 1] += alpha * b[ip[i + 1]];
        a[i + 2] += alpha * b[ip[i + 2]];
        a[i + 3] += alpha * b[ip[i + 3]];
        a[i + 4] += alpha * b[ip[i + 4]];
    }
#pragma endscop
}
