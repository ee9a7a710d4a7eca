/* TSVC_2 kernel s174: symbolics / loop with subscript that may seem ambiguous.
   Arguments from TSVC_2's main(): M = LEN_1D/2 = 160.
   verify-params: --param M=160
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s174(real_t a[LEN_1D], real_t b[LEN_1D], int M)
{
#pragma scop
    for (int i = 0; i < M; i++) {
        a[i+M] = a[i] + b[i];
    }
#pragma endscop
}
