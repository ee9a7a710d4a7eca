S1.tile(k, j, 8, 8, k0, j0, k1, j1)
S0.loop_reversal(j)
S1.parallelize(i)
