S0.tile(i, j, 8, 8, i0, j0, i1, j1)
S0.parallelize(i0)
S1.loop_reversal(i)
S1.unroll(j, 2)
