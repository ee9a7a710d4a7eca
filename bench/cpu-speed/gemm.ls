# gemm blocked for AVX-512 registers (the OpenMP and the Halide targets; on a
# machine with AVX2 only, gemm.avx2.ls): rows in parallel; 125 x 200 blocks of
# (i, k), and for each 40 columns of C (five AVX-512 registers of 8 doubles) a
# 5 x 40 block of C that stays in 25 of the 32 vector registers for the whole
# k slice, so each step of k loads five vectors of a row of B and five
# elements of A for 25 vector multiply-adds. 125 rows split LARGE's 1000 rows
# evenly between 2 threads.
S1.parallelize(i)
S1.tile(i, k, 125, 200, i0, k0, i1, k1)
S1.split(j, 40, j0, j1)
S1.interchange(k1, j0)
S1.interchange(i1, j0)
S1.interchange(k0, j0)
S1.split(i1, 5, i2, i3)
S1.interchange(i3, k1)
S1.unroll(i3, 5)
S1.vectorize(j1, 40)
