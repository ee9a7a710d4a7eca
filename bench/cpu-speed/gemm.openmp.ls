# gemm through gcc and OpenMP: 16 x 256 blocks of (i, k) so a block of B
# stays in cache, the blocks of rows in parallel, j innermost (gcc vectorises it).
S1.tile(i, k, 16, 256, i0, k0, i1, k1)
S1.parallelize(i0)
