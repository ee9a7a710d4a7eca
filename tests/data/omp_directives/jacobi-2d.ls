S0.interchange(i, j)
S0.parallelize(j)
S1.unroll(j, 2)
S1.loop_reversal(i)
