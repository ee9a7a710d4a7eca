/* 2mm.h -- problem sizes and data type for the '2mm' kernel.
 *
 * Part of the Loopscape PolyBench/C 4.2 stand-in corpus (independent
 * re-implementation, see README.md at the corpus root).  Sizes follow PolyBench/C 4.2.
 */
#ifndef LOOPSCAPE_PB_2MM_H
#define LOOPSCAPE_PB_2MM_H

/* No dataset selected on the command line: use the large one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
#  define LARGE_DATASET
#endif

/* Sizes may also be given directly with -DNI=... -DNJ=... -DNK=... -DNL=... */
#if !defined(NI) && !defined(NJ) && !defined(NK) && !defined(NL)
#  if defined(MINI_DATASET)
#    define NI 16
#    define NJ 18
#    define NK 22
#    define NL 24
#  endif
#  if defined(SMALL_DATASET)
#    define NI 40
#    define NJ 50
#    define NK 70
#    define NL 80
#  endif
#  if defined(MEDIUM_DATASET)
#    define NI 180
#    define NJ 190
#    define NK 210
#    define NL 220
#  endif
#  if defined(LARGE_DATASET)
#    define NI 800
#    define NJ 900
#    define NK 1100
#    define NL 1200
#  endif
#  if defined(EXTRALARGE_DATASET)
#    define NI 1600
#    define NJ 1800
#    define NK 2200
#    define NL 2400
#  endif
#endif

/* Loop bounds used inside the SCoP: the run-time parameter by default,
   the compile-time constant with -DPOLYBENCH_USE_SCALAR_LB. */
#define _PB_NI POLYBENCH_LOOP_BOUND(NI, ni)
#define _PB_NJ POLYBENCH_LOOP_BOUND(NJ, nj)
#define _PB_NK POLYBENCH_LOOP_BOUND(NK, nk)
#define _PB_NL POLYBENCH_LOOP_BOUND(NL, nl)

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

#endif /* LOOPSCAPE_PB_2MM_H */
