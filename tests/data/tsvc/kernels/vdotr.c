/* TSVC_2 kernel vdotr: control loops / vector dot product reduction.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void vdotr(real_t a[LEN_1D], real_t b[LEN_1D], real_t result[1])
{
    real_t dot;
#pragma scop
    dot = 0.;
    for (int i = 0; i < LEN_1D; i++) {
        dot += a[i] * b[i];
    }
    result[0] = dot;
#pragma endscop
}
