/* TSVC_2 kernel s1351: induction pointer recognition.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s1351(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D])
{
#pragma scop
    real_t* __restrict__ A = a;
    real_t* __restrict__ B = b;
    real_t* __restrict__ C = c;
    for (int i = 0; i < LEN_1D; i++) {
        *A = *B+*C;
        A++;
        B++;
        C++;
    }
#pragma endscop
}
