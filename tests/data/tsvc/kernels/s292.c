/* TSVC_2 kernel s292: loop peeling / wrap around variable, 2 levels / similar to S291.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s292(real_t a[LEN_1D], real_t b[LEN_1D])
{
    int im1, im2;
#pragma scop
    im1 = LEN_1D-1;
    im2 = LEN_1D-2;
    for (int i = 0; i < LEN_1D; i++) {
        a[i] = (b[i] + b[im1] + b[im2]) * (real_t).333;
        im2 = im1;
        im1 = i;
    }
#pragma endscop
}
