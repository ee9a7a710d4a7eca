S0.interchange(i, j)
S1.unroll(j, 4)
S1.parallelize(i)
