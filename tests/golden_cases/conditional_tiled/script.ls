S4.interchange(i, j)
S4.tile(j, i, 8, 8)
S0.parallelize(i)
