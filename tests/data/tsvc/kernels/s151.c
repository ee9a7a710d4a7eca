/* TSVC_2 kernel s151: interprocedural data flow analysis / passing parameter information into a
   subroutine.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

/* Helper from tsvc.c, called by the kernel. */
void s151s(real_t a[LEN_1D], real_t b[LEN_1D],  int m)
{
    for (int i = 0; i < LEN_1D-1; i++) {
        a[i] = a[i + m] + b[i];
    }
}

void s151(real_t a[LEN_1D], real_t b[LEN_1D])
{
#pragma scop
    s151s(a, b,  1);
#pragma endscop
}
