/* TSVC_2 kernel s352: loop rerolling / unrolled dot product.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s352(real_t a[LEN_1D], real_t b[LEN_1D], real_t result[1])
{
    real_t dot;
#pragma scop
    dot = (real_t)0.;
    for (int i = 0; i < LEN_1D; i += 5) {
        dot = dot + a[i] * b[i] + a[i + 1] * b[i + 1] + a[i + 2]
            * b[i + 2] + a[i + 3] * b[i + 3] + a[i + 4] * b[i + 4];
    }
    result[0] = dot;
#pragma endscop
}
