S0.loop_reversal(i)
S3.unroll(j, 4)
S2.split(j, 8, j0, j1)
