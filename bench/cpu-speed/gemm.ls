# gemm through Halide/LLVM, blocked for registers: 32 x 120 blocks of (i, j)
# in parallel over i, 200-deep slices of k; inside, 4 x 40 blocks of C (4 rows
# unrolled, 40 columns as one vector: five AVX-512 registers a row) that stay
# in registers for the whole k slice, so each step of k loads one row of B
# and four elements of A for 20 vector multiply-adds.
S1.interchange(k, j)
S1.tile(i, j, 32, 120, i0, j0, i1, j1)
S1.split(k, 200, k0, k1)
S1.interchange(j1, k0)
S1.interchange(i1, k0)
S1.split(i1, 4, i2, i3)
S1.split(j1, 40, j2, j3)
S1.interchange(i3, j2)
S1.interchange(j3, k1)
S1.interchange(i3, k1)
S1.unroll(i3, 4)
S1.vectorize(j3, 40)
S1.parallelize(i0)
