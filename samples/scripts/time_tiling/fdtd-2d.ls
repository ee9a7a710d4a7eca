# Time tiling of PolyBench fdtd-2d (Pluto-style), by commands the app's menus offer.
# Open: loopscape-cli verify tests/data/polybench/stencils/fdtd-2d/fdtd-2d.c
#         tests/data/polybench/utilities/polybench.c -I tests/data/polybench/utilities
#         --script samples/scripts/time_tiling/fdtd-2d.ls --target openmp
#
# S0 sets row 0 of ey, S1 updates the other rows of ey, S2 updates ex, S3 reads
# both to update hz. S3 reads ey one row ahead: shifted by one row, row i of
# S3 only needs rows up to i of S1 and S2.
S3.shift(i, 1)
# S0 has no i loop: run it at i = 0 (its band C0 gets a constant first loop),
# so that its loop nest has the shape of the others.
C0.apply({ [j] -> [0, j] })
# Split each (i, j) band into i and j, and fuse the four i loops into one band F:
# every statement keeps its own j loop (a clean inner loop the compiler vectorizes).
C0.split_band(1)
C1.split_band(1)
C2.split_band(1)
C3.split_band(1)
R.fuse(C0, C1, C2, C3, F)
# The next time step reads one row back: skewing i by t makes every dependence
# distance over (t, i) non-negative.
S1.skew(t, i, 1)
# Tiles of 16 time steps x 64 rows; T and I walk the tiles.
S1.tile(t, i, 16, 64, T, I, t1, i1)
# Wavefront over the tiles: w = T + I in order, the tiles of one wavefront in parallel.
S1.skew(T, I, 1, 1, w, p)
S1.parallelize(p)
