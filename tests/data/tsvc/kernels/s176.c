/* TSVC_2 kernel s176: symbolics / convolution.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s176(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D])
{
    int m = LEN_1D/2;
#pragma scop
    for (int j = 0; j < (LEN_1D/2); j++) {
        for (int i = 0; i < m; i++) {
            a[i] += b[i+m-j-1] * c[j];
        }
    }
#pragma endscop
}
