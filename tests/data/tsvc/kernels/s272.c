/* TSVC_2 kernel s272: control flow / loop with independent conditional.
   Arguments from TSVC_2's main(): t = *(int*)&s1 (TSVC_2 reads the real_t 1.0 as an int; verified
   with t = 1).
   verify-params: --param t=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s272(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D], int t)
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        if (e[i] >= t) {
            a[i] += c[i] * d[i];
            b[i] += c[i] * c[i];
        }
    }
#pragma endscop
}
