S0.gpu(i, j)
