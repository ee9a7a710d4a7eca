S0.unroll(c, 3)
S2.loop_reversal(j)
S1.tile(j, c, 8, 3, j0, c0, j1, c1)
