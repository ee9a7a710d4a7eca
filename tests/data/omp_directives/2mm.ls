S0.tile(i, j, 16, 16, i0, j0, i1, j1)
S3.unroll(k, 4)
S2.parallelize(i)
