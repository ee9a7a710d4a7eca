/* TSVC_2 kernel s258: scalar and array expansion / wrap-around scalar under an if.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s258(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D], real_t aa[LEN_2D][LEN_2D])
{
    real_t s;
#pragma scop
    s = 0.;
    for (int i = 0; i < LEN_2D; ++i) {
        if (a[i] > 0.) {
            s = d[i] * d[i];
        }
        b[i] = s * c[i] + d[i];
        e[i] = (s + (real_t)1.) * aa[0][i];
    }
#pragma endscop
}
