S0.tile(i, j, 8, 8, i0, j0, i1, j1)
S1.interchange(i, j)
S1.loop_reversal(j)
