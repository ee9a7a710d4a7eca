/* TSVC_2 kernel s113: linear dependence testing / a(i)=a(1) but no actual dependence cycle.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s113(real_t a[LEN_1D], real_t b[LEN_1D])
{
#pragma scop
    for (int i = 1; i < LEN_1D; i++) {
        a[i] = a[0] + b[i];
    }
#pragma endscop
}
