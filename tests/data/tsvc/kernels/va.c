/* TSVC_2 kernel va: control loops / vector assignment.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void va(real_t a[LEN_1D], real_t b[LEN_1D])
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        a[i] = b[i];
    }
#pragma endscop
}
