S0.tile(i, j, 16, 16, i0, j0, i1, j1)
S0.parallelize(i0)
S1.unroll(k, 4)
