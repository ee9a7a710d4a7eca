# Time tiling of PolyBench fdtd-2d (Pluto's schedule), by commands the app's menus offer.
# Open: loopscape-cli verify tests/data/polybench/stencils/fdtd-2d/fdtd-2d.c
#         tests/data/polybench/utilities/polybench.c -I tests/data/polybench/utilities
#         --script samples/scripts/time_tiling/fdtd-2d.ls --target openmp
#
# S0 sets row 0 of ey, S1 updates the other rows of ey, S2 updates ex, S3 reads
# both to update hz. S3 reads ey and ex one row and one column ahead: shifted
# by (1, 1) it can run in the same (i, j) iteration as S1 and S2, after them.
S3.shift(i, 1)
S3.shift(j, 1)
# S0 has no i loop: run it at i = 0 (its band C0 gets a constant first loop),
# so that its loop nest has the shape of the others.
C0.apply({ [j] -> [0, j] })
# Fuse the four (i, j) nests below t into one band F.
R.fuse(C0, C1, C2, C3, F)
# Skew i and j by 2*t: every dependence distance becomes non-negative.
S1.skew(t, i, 2)
S1.skew(t, j, 2)
# 3-d tiles of the skewed space; T, I, J walk the tiles.
S1.tile(t, i, j, 16, 16, 16, T, I, J, t1, i1, j1)
# Wavefront over the tiles: w = T + I in order, the tiles of one wavefront in parallel.
S1.skew(T, I, 1, 1, w, p)
S1.parallelize(p)
