S0.distribute(i)
S1.distribute(i)
