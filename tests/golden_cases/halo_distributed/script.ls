S0.distribute(r)
S1.distribute(r)
