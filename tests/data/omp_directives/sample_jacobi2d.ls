S0.interchange(i, j)
S0.parallelize(j)
S1.loop_reversal(j)
S1.unroll(i, 2)
