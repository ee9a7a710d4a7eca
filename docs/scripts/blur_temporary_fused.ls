S0.compute_at(S1, j)
S0.storage_fold(i, 3)
S1.split(j, 1024)
S1.interchange(i, j0)
S1.parallelize(j0)

