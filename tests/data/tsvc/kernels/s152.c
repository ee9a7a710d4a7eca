/* TSVC_2 kernel s152: interprocedural data flow analysis / collecting information from a
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
void s152s(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], int i)
{
    a[i] += b[i] * c[i];
}

void s152(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        b[i] = d[i] * e[i];
        s152s(a, b, c, i);
    }
#pragma endscop
}
