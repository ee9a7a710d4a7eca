S1.tile(k, j, 32, 32, k0, j0, k1, j1)
S0.unroll(j, 4)
S1.interchange(k0, j0)
S1.parallelize(i)
