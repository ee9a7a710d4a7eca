/* gramschmidt.h -- problem sizes and data type for the 'gramschmidt' kernel.
 *
 * Part of the Loopscape PolyBench/C 4.2 stand-in corpus (independent
 * re-implementation, see README.md at the corpus root).  Sizes follow PolyBench/C 4.2.
 */
#ifndef LOOPSCAPE_PB_GRAMSCHMIDT_H
#define LOOPSCAPE_PB_GRAMSCHMIDT_H

/* No dataset selected on the command line: use the large one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
#  define LARGE_DATASET
#endif

/* Sizes may also be given directly with -DM=... -DN=... */
#if !defined(M) && !defined(N)
#  if defined(MINI_DATASET)
#    define M 20
#    define N 30
#  endif
#  if defined(SMALL_DATASET)
#    define M 60
#    define N 80
#  endif
#  if defined(MEDIUM_DATASET)
#    define M 200
#    define N 240
#  endif
#  if defined(LARGE_DATASET)
#    define M 1000
#    define N 1200
#  endif
#  if defined(EXTRALARGE_DATASET)
#    define M 2000
#    define N 2600
#  endif
#endif

/* Loop bounds used inside the SCoP: the run-time parameter by default,
   the compile-time constant with -DPOLYBENCH_USE_SCALAR_LB. */
#define _PB_M POLYBENCH_LOOP_BOUND(M, m)
#define _PB_N POLYBENCH_LOOP_BOUND(N, n)

/* Element type (default: double). */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
#  define DATA_TYPE_IS_DOUBLE
#endif

#if defined(DATA_TYPE_IS_INT)
#  define DATA_TYPE int
#  define DATA_PRINTF_MODIFIER "%d "
#endif

#if defined(DATA_TYPE_IS_FLOAT)
#  define DATA_TYPE float
#  define DATA_PRINTF_MODIFIER "%0.2f "
#  define SCALAR_VAL(x) x##f
#  define SQRT_FUN(x) sqrtf(x)
#  define EXP_FUN(x) expf(x)
#  define POW_FUN(x, y) powf(x, y)
#endif

#if defined(DATA_TYPE_IS_DOUBLE)
#  define DATA_TYPE double
#  define DATA_PRINTF_MODIFIER "%0.2lf "
#  define SCALAR_VAL(x) x
#  define SQRT_FUN(x) sqrt(x)
#  define EXP_FUN(x) exp(x)
#  define POW_FUN(x, y) pow(x, y)
#endif

#endif /* LOOPSCAPE_PB_GRAMSCHMIDT_H */
