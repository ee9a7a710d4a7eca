S0.tile(i, j, k, 4, 4, 8, i0, j0, k0, i1, j1, k1)
S0.parallelize(i0)
