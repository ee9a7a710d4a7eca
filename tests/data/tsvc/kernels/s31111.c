/* TSVC_2 kernel s31111: reductions / sum reduction.
   Converted by tests/data/tsvc/convert.py from UoB-HPC/TSVC_2 src/tsvc.c (commit badf9ad); licence in ../LICENSE.TSVC_2. */
#ifndef LEN_1D
#define LEN_1D 320
#endif
#ifndef LEN_2D
#define LEN_2D 20
#endif
typedef float real_t;

/* Helper from tsvc.c, called by the kernel. */
real_t test(real_t* A){
  real_t s = (real_t)0.0;
  for (int i = 0; i < 4; i++)
    s += A[i];
  return s;
}

void s31111(real_t a[LEN_1D], real_t result[1])
{
    real_t sum;
#pragma scop
    sum = (real_t)0.;
    sum += test(a);
    sum += test(&a[4]);
    sum += test(&a[8]);
    sum += test(&a[12]);
    sum += test(&a[16]);
    sum += test(&a[20]);
    sum += test(&a[24]);
    sum += test(&a[28]);
    result[0] = sum;
#pragma endscop
}
