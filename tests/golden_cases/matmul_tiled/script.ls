S1.tile(i, j, 16, 16)
S1.parallelize(i0)
