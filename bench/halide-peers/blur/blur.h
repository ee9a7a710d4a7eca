/* blur.h -- problem sizes and data type for the 'blur' kernel: the two-stage
 * 3x3 box blur of Halide's introduction, written PolyBench style so that the
 * same program runs through gcc, Polly, Loopscape and, as a Halide pipeline,
 * Halide's autoschedulers (bench/halide_peers.sh). */
#ifndef LOOPSCAPE_BENCH_BLUR_H
#define LOOPSCAPE_BENCH_BLUR_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
#  define LARGE_DATASET
#endif

#if !defined(W) && !defined(H)
#  if defined(MINI_DATASET)
#    define W 32
#    define H 20
#  endif
#  if defined(SMALL_DATASET)
#    define W 256
#    define H 200
#  endif
#  if defined(MEDIUM_DATASET)
#    define W 1024
#    define H 768
#  endif
#  if defined(LARGE_DATASET)
#    define W 8192
#    define H 6144
#  endif
#  if defined(EXTRALARGE_DATASET)
#    define W 12288
#    define H 9216
#  endif
#endif

#define _PB_W POLYBENCH_LOOP_BOUND(W, w)
#define _PB_H POLYBENCH_LOOP_BOUND(H, h)

/* Images are float, as image pipelines store them. */
#define DATA_TYPE float
#define DATA_PRINTF_MODIFIER "%0.2f "
#define SCALAR_VAL(x) x##f

#endif /* LOOPSCAPE_BENCH_BLUR_H */
