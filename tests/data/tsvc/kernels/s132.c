/* TSVC_2 kernel s132: global data flow analysis / loop with multiple dimension ambiguous
   subscripts.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s132(real_t b[LEN_1D], real_t c[LEN_1D], real_t aa[LEN_2D][LEN_2D])
{
    int m = 0;
    int j = m;
    int k = m+1;
#pragma scop
    for (int i= 1; i < LEN_2D; i++) {
        aa[j][i] = aa[k][i-1] + b[i] * c[1];
    }
#pragma endscop
}
