/* A small stand-in for a PolyBench-style header, written for the front-end tests.
 * It reproduces the macro shapes kernels rely on: loop bounds that are either
 * the size macro or the function argument, array parameters with a padding
 * term, a configurable data type and scalar literals. */
#ifndef MINIBENCH_H
#define MINIBENCH_H

#include <stdlib.h>
#include <math.h>

#ifndef DATA_TYPE
#define DATA_TYPE double
#endif

#ifdef DATA_TYPE_IS_FLOAT
#define SCALAR_VAL(x) x##f
#define SQRT_FUN(x) sqrtf(x)
#else
#define SCALAR_VAL(x) x
#define SQRT_FUN(x) sqrt(x)
#endif

#ifndef MB_PAD
#define MB_PAD 0
#endif

#ifdef MB_USE_C99_PROTO
#define MB_PICK(constant, variable) variable
#else
#define MB_PICK(constant, variable) constant
#endif

#ifdef MB_USE_SCALAR_LB
#define MB_LOOP_BOUND(constant, variable) constant
#else
#define MB_LOOP_BOUND(constant, variable) variable
#endif

#define MB_1D(name, d1, v1) name[MB_PICK(d1, v1) + MB_PAD]
#define MB_2D(name, d1, d2, v1, v2) name[MB_PICK(d1, v1) + MB_PAD][MB_PICK(d2, v2) + MB_PAD]
#define MB_3D(name, d1, d2, d3, v1, v2, v3) \
  name[MB_PICK(d1, v1) + MB_PAD][MB_PICK(d2, v2) + MB_PAD][MB_PICK(d3, v3) + MB_PAD]

#endif
