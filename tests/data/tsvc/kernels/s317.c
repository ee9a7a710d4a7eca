/* TSVC_2 kernel s317: reductions / product reductio vectorize with / 1. scalar expansion of factor,
   and product reduction / 2. closed form solution: q = factor**n.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

void s317(real_t result[1])
{
    real_t q;
#pragma scop
    q = (real_t)1.;
    for (int i = 0; i < LEN_1D/2; i++) {
        q *= (real_t).99;
    }
    result[0] = q;
#pragma endscop
}
