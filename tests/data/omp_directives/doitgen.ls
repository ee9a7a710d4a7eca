S2.unroll(p, 2)
S2.loop_reversal(p0)
S0.loop_reversal(p)
