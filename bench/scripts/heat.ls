S0.tile(j, k, 16, 16, j0, k0, j1, k1)
