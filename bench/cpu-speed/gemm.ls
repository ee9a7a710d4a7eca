# gemm through Halide/LLVM: 32 x 128 blocks of (i, k), rows of the block in
# parallel; 8 rows of C unrolled innermost, under j, so every B[k][j] loaded
# feeds 8 multiply-adds and LLVM vectorises the 8 statements along j.
S1.tile(i, k, 32, 128, i0, k0, i1, k1)
S1.split(i1, 8, i2, i3)
S1.interchange(i3, k1)
S1.interchange(i3, j)
S1.unroll(i3, 8)
S1.parallelize(i0)
