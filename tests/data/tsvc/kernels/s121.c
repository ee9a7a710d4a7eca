/* TSVC_2 kernel s121: induction variable recognition / loop with possible ambiguity because of
   scalar store.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s121(real_t a[LEN_1D], real_t b[LEN_1D])
{
    int j;
#pragma scop
    for (int i = 0; i < LEN_1D-1; i++) {
        j = i + 1;
        a[i] = a[j] + b[i];
    }
#pragma endscop
}
