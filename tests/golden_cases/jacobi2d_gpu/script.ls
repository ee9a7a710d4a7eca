S0.tile_gpu(i, j, 16, 16)
S1.tile_gpu(i, j, 16, 16)
