/* TSVC_2 kernel s471: call statements.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

/* Helper from tsvc.c, called by the kernel. */
int s471s(void)
{
// --  dummy subroutine call made in s471
    return 0;
}

void s471(real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D], real_t x[LEN_1D])
{
    int m = LEN_1D;
#pragma scop
    for (int i = 0; i < m; i++) {
        x[i] = b[i] + d[i] * d[i];
        s471s();
        b[i] = c[i] + d[i] * e[i];
    }
#pragma endscop
}
