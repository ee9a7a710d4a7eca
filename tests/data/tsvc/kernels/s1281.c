/* TSVC_2 kernel s1281: crossing thresholds / index set splitting / reverse data access.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s1281(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D])
{
    real_t x;
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        x = b[i]*c[i] + a[i]*d[i] + e[i];
        a[i] = x-(real_t)1.0;
        b[i] = x;
    }
#pragma endscop
}
