# heat-3d in blocks of i planes over the MPI ranks: one plane of halo per
# boundary and sweep.
S0.distribute(i)
S1.distribute(i)
