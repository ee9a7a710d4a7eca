/* TSVC_2 kernel s141: nonlinear dependence testing / walk a row in a symmetric packed array /
   element a(i,j) for (int j>i) stored in location j*(j-1)/2+i.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s141(real_t bb[LEN_2D][LEN_2D], real_t flat_2d_array[LEN_2D*LEN_2D])
{
    int k;
#pragma scop
    for (int i = 0; i < LEN_2D; i++) {
        k = (i+1) * ((i+1) - 1) / 2 + (i+1)-1;
        for (int j = i; j < LEN_2D; j++) {
            flat_2d_array[k] += bb[j][i];
            k += j+1;
        }
    }
#pragma endscop
}
