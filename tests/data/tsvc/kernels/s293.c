/* TSVC_2 kernel s293: loop peeling / a(i)=a(0) with actual dependence cycle, loop is vectorizable.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s293(real_t a[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        a[i] = a[0];
    }
#pragma endscop
}
