# gemm blocked for AVX2 registers (the OpenMP and the Halide targets): rows in
# parallel; 128 x 100 blocks of (i, k), and for each 12 columns of C (three
# AVX2 registers of 4 doubles) a 4 x 12 block of C that stays in twelve
# registers for the whole k slice, so each step of k loads 12 elements of a
# row of B and four elements of A for 12 vector multiply-adds. Twelve
# accumulators fit the 16 vector registers of AVX2 as well as AVX-512's 32.
S1.parallelize(i)
S1.tile(i, k, 128, 100, i0, k0, i1, k1)
S1.split(j, 12, j0, j1)
S1.interchange(k1, j0)
S1.interchange(i1, j0)
S1.interchange(k0, j0)
S1.split(i1, 4, i2, i3)
S1.interchange(i3, k1)
S1.unroll(i3, 4)
S1.vectorize(j1, 12)
