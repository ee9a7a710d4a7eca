# gemm through Halide/LLVM, blocked for registers: rows in parallel; 32 x 200
# blocks of (i, k), and for each 40 columns of C (one vector of 40 doubles:
# five AVX-512 registers) a 4 x 40 block of C that stays in registers for the
# whole k slice, so each step of k loads one row of 40 of B and four
# elements of A for 20 vector multiply-adds.
S1.parallelize(i)
S1.tile(i, k, 32, 200, i0, k0, i1, k1)
S1.split(j, 40, j0, j1)
S1.interchange(k1, j0)
S1.interchange(i1, j0)
S1.interchange(k0, j0)
S1.split(i1, 4, i2, i3)
S1.interchange(i3, k1)
S1.unroll(i3, 4)
S1.vectorize(j1, 40)
