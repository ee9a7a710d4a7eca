S0.tile(i, j, 32, 32, i0, j0, i1, j1)
