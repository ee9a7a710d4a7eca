S0.skew(i, j, 1)
S0.tile(i, j, 16, 16, i0, j0, i1, j1)
