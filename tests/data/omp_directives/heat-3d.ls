S0.interchange(j, k)
S1.parallelize(i)
S0.unroll(k, 2)
