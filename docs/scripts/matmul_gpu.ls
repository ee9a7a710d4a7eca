S1.tile_gpu(i, j, 4, 4)
