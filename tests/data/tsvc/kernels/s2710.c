/* TSVC_2 kernel s2710: control flow / scalar and vector ifs.
   Arguments from TSVC_2's main(): x = *(int*)&s1 (TSVC_2 reads the real_t 1.0 as an int; verified
   with x = 1).
   verify-params: --param x=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s2710(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t e[LEN_1D], int x)
{
#pragma scop
    for (int i = 0; i < LEN_1D; i++) {
        if (a[i] > b[i]) {
            a[i] += b[i] * d[i];
            if (LEN_1D > 10) {
                c[i] += d[i] * d[i];
            } else {
                c[i] = d[i] * e[i] + (real_t)1.;
            }
        } else {
            b[i] = a[i] + e[i] * e[i];
            if (x > (real_t)0.) {
                c[i] = a[i] + d[i] * d[i];
            } else {
                c[i] += e[i] * e[i];
            }
        }
    }
#pragma endscop
}
