/* deriche.h -- problem sizes and data type for the 'deriche' kernel.
 *
 * Part of the Loopscape PolyBench/C 4.2 stand-in corpus (independent
 * re-implementation, see README.md at the corpus root).  Sizes follow PolyBench/C 4.2.
 */
#ifndef LOOPSCAPE_PB_DERICHE_H
#define LOOPSCAPE_PB_DERICHE_H

/* No dataset selected on the command line: use the large one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
#  define LARGE_DATASET
#endif

/* Sizes may also be given directly with -DW=... -DH=... */
#if !defined(W) && !defined(H)
#  if defined(MINI_DATASET)
#    define W 64
#    define H 64
#  endif
#  if defined(SMALL_DATASET)
#    define W 192
#    define H 128
#  endif
#  if defined(MEDIUM_DATASET)
#    define W 720
#    define H 480
#  endif
#  if defined(LARGE_DATASET)
#    define W 4096
#    define H 2160
#  endif
#  if defined(EXTRALARGE_DATASET)
#    define W 7680
#    define H 4320
#  endif
#endif

/* Loop bounds used inside the SCoP: the run-time parameter by default,
   the compile-time constant with -DPOLYBENCH_USE_SCALAR_LB. */
#define _PB_W POLYBENCH_LOOP_BOUND(W, w)
#define _PB_H POLYBENCH_LOOP_BOUND(H, h)

/* Element type (default: float). */
#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
#  define DATA_TYPE_IS_FLOAT
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

#endif /* LOOPSCAPE_PB_DERICHE_H */
