/* 3mm.h -- problem sizes and data type for the '3mm' kernel.
 *
 * Part of the Loopscape PolyBench/C 4.2 stand-in corpus (independent
 * re-implementation, see README.md at the corpus root).  Sizes follow PolyBench/C 4.2.
 */
#ifndef LOOPSCAPE_PB_3MM_H
#define LOOPSCAPE_PB_3MM_H

/* No dataset selected on the command line: use the large one. */
#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
#  define LARGE_DATASET
#endif

/* Sizes may also be given directly with -DNI=... -DNJ=... -DNK=... -DNL=... -DNM=... */
#if !defined(NI) && !defined(NJ) && !defined(NK) && !defined(NL) && !defined(NM)
#  if defined(MINI_DATASET)
#    define NI 16
#    define NJ 18
#    define NK 20
#    define NL 22
#    define NM 24
#  endif
#  if defined(SMALL_DATASET)
#    define NI 40
#    define NJ 50
#    define NK 60
#    define NL 70
#    define NM 80
#  endif
#  if defined(MEDIUM_DATASET)
#    define NI 180
#    define NJ 190
#    define NK 200
#    define NL 210
#    define NM 220
#  endif
#  if defined(LARGE_DATASET)
#    define NI 800
#    define NJ 900
#    define NK 1000
#    define NL 1100
#    define NM 1200
#  endif
#  if defined(EXTRALARGE_DATASET)
#    define NI 1600
#    define NJ 1800
#    define NK 2000
#    define NL 2200
#    define NM 2400
#  endif
#endif

/* Loop bounds used inside the SCoP: the run-time parameter by default,
   the compile-time constant with -DPOLYBENCH_USE_SCALAR_LB. */
#define _PB_NI POLYBENCH_LOOP_BOUND(NI, ni)
#define _PB_NJ POLYBENCH_LOOP_BOUND(NJ, nj)
#define _PB_NK POLYBENCH_LOOP_BOUND(NK, nk)
#define _PB_NL POLYBENCH_LOOP_BOUND(NL, nl)
#define _PB_NM POLYBENCH_LOOP_BOUND(NM, nm)

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

#endif /* LOOPSCAPE_PB_3MM_H */
