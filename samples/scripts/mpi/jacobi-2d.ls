# jacobi-2d in row blocks over the MPI ranks: both sweeps distribute i,
# so the rows a rank owns are the same in both, and only the halo rows move.
S0.distribute(i)
S1.distribute(i)
