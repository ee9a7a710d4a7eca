S0.tile_gpu(i, j, 16, 16)
S0.cache_shared_at(S0, j0)
S0.split(k, 8, k0, k1)
S0.unroll(k1, 8)
