/* TSVC_2 kernel s235: loop interchanging / imperfectly nested loops.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s235(real_t a[LEN_1D], real_t b[LEN_1D], real_t c[LEN_1D], real_t aa[LEN_2D][LEN_2D], real_t bb[LEN_2D][LEN_2D])
{
#pragma scop
    for (int i = 0; i < LEN_2D; i++) {
        a[i] += b[i] * c[i];
        for (int j = 1; j < LEN_2D; j++) {
            aa[j][i] = aa[j-1][i] + bb[j][i] * a[i];
        }
    }
#pragma endscop
}
