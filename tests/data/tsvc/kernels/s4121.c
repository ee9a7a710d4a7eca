/* TSVC_2 kernel s4121: statement functions / elementwise multiplication.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

/* Helper from tsvc.c, called by the kernel. */
real_t f(real_t a, real_t b){
    return a*b;
}

void s4121(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        a[i] += f(b[i],c[i]);
    }
#pragma endscop
}
