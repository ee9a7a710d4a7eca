/* TSVC_2 kernel vag: control loops / vector assignment, gather / gather is required.
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

void vag(real_t a[LEN_1D], real_t b[LEN_1D], int ip[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        a[i] = b[ip[i]];
    }
#pragma endscop
}
