# gemm (C = alpha A B + beta C): rows of C in parallel, B walked in 64 x 512 blocks
# so a block stays in cache while i sweeps; j stays innermost (stride 1, vectorised).
S1.tile(k, j, 64, 512, k0, j0, k1, j1)
S0.parallelize(i)
