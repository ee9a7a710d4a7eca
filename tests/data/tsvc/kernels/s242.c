/* TSVC_2 kernel s242: node splitting.
   Arguments from TSVC_2's main(): s1 = 1.0; s2 = 2.0.
   (verify cannot set real_t s1, s2: --param takes integers; its harness passes 1.5)
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s242(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t d[LEN_1D], real_t s1, real_t s2)
{
#pragma scop
    for (int i = 1; i < LEN_1D; ++i) {
        a[i] = a[i - 1] + s1 + s2 + b[i] + c[i] + d[i];
    }
#pragma endscop
}
