/* TSVC_2 kernel s252: scalar and array expansion / loop with ambiguous scalar temporary.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s252(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D])
{
    real_t t, s;
#pragma scop
    t = (real_t) 0.;
    for (int i = 0; i < LEN_1D; i++) {
        s = b[i] * c[i];
        a[i] = s + t;
        t = s;
    }
#pragma endscop
}
