# tile the update of C and run its tile rows in parallel
S1.tile(i, j, 32, 32)
S1.parallelize(i0)
