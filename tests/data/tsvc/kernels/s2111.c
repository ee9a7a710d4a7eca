/* TSVC_2 kernel s2111: wavefronts, it will make jump in data access.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s2111(real_t aa[LEN_2D][LEN_2D])
{
#pragma scop
    for (int j = 1; j < LEN_2D; j++) {
        for (int i = 1; i < LEN_2D; i++) {
            aa[j][i] = (aa[j][i-1] + aa[j-1][i])/1.9;
        }
    }
#pragma endscop
}
