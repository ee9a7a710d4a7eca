/*
 * durbin.c -- Levinson-Durbin recursion for a Toeplitz system
 * (PolyBench/C 4.2 "durbin").
 *
 * Loopscape test corpus: independent re-implementation, see README.md at
 * the corpus root.  Notable: a LOCAL stack array z[N] declared in the
 * kernel function (outside the SCoP, sized by the compile-time constant),
 * top-level statements before the k loop, scalars (alpha, beta, sum)
 * written inside the SCoP and carried across k iterations, reversed
 * subscripts r[k-i-1] / y[k-i-1], integer literal 1 in a float expression.
 */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

#include <polybench.h>
#include "durbin.h"


static
void init_array (int n,
                 DATA_TYPE POLYBENCH_1D(r,N,n))
{
  int i;

  for (i = 0; i < n; i++)
    {
      r[i] = (n+1-i);
    }
}


static
void print_array(int n,
                 DATA_TYPE POLYBENCH_1D(y,N,n))
{
  int i;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("y");
  for (i = 0; i < n; i++) {
    if (i % 20 == 0) fprintf (POLYBENCH_DUMP_TARGET, "\n");
    fprintf (POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, y[i]);
  }
  POLYBENCH_DUMP_END("y");
  POLYBENCH_DUMP_FINISH;
}


static
void kernel_durbin(int n,
                   DATA_TYPE POLYBENCH_1D(r,N,n),
                   DATA_TYPE POLYBENCH_1D(y,N,n))
{
 DATA_TYPE z[N];
 DATA_TYPE alpha;
 DATA_TYPE beta;
 DATA_TYPE sum;

 int i,k;

#pragma scop
 y[0] = -r[0];
 beta = SCALAR_VAL(1.0);
 alpha = -r[0];

 for (k = 1; k < _PB_N; k++) {
   beta = (1-alpha*alpha)*beta;
   sum = SCALAR_VAL(0.0);
   for (i=0; i<k; i++) {
      sum += r[k-i-1]*y[i];
   }
   alpha = - (r[k] + sum)/beta;

   for (i=0; i<k; i++) {
      z[i] = y[i] + alpha*y[k-i-1];
   }
   for (i=0; i<k; i++) {
     y[i] = z[i];
   }
   y[k] = alpha;
 }
#pragma endscop

}


int main(int argc, char** argv)
{
  int n = N;

  POLYBENCH_1D_ARRAY_DECL(r, DATA_TYPE, N, n);
  POLYBENCH_1D_ARRAY_DECL(y, DATA_TYPE, N, n);

  init_array (n, POLYBENCH_ARRAY(r));

  polybench_start_instruments;

  kernel_durbin (n,
                 POLYBENCH_ARRAY(r),
                 POLYBENCH_ARRAY(y));

  polybench_stop_instruments;
  polybench_print_instruments;

  /* Live-out: y. */
  polybench_prevent_dce(print_array(n, POLYBENCH_ARRAY(y)));

  POLYBENCH_FREE_ARRAY(r);
  POLYBENCH_FREE_ARRAY(y);

  return 0;
}
