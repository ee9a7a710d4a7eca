/* TSVC_2 kernel s162: control flow / deriving assertions.
   Arguments from TSVC_2's main(): k = n1 = 1.
   verify-params: --param k=1
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s162(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], int k)
{
#pragma scop
    if (k > 0) {
        for (int i = 0; i < LEN_1D-1; i++) {
            a[i] = a[i + k] + b[i] * c[i];
        }
    }
#pragma endscop
}
