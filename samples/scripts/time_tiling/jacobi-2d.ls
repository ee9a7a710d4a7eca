# Time tiling of PolyBench jacobi-2d (Pluto's schedule), by commands the app's menus offer.
# Open: loopscape-cli verify tests/data/polybench/stencils/jacobi-2d/jacobi-2d.c
#         tests/data/polybench/utilities/polybench.c -I tests/data/polybench/utilities
#         --script samples/scripts/time_tiling/jacobi-2d.ls --target openmp
#
# S1 (A = average of B) reads B one row and one column ahead of S0's (i, j):
# shifted by (1, 1) it can run in S0's iteration, right after it.
S1.shift(i, 1)
S1.shift(j, 1)
# Fuse S1 into S0's loops t, i and j.
S1.after(S0, j)
# The next time step reads two rows and columns back: skewing i and j by 2*t
# makes every dependence distance non-negative (the band becomes tileable).
S0.skew(t, i, 2)
S0.skew(t, j, 2)
# 3-d tiles of the skewed space; T, I, J walk the tiles.
S0.tile(t, i, j, 16, 16, 16, T, I, J, t1, i1, j1)
# Wavefront over the tiles: w = T + I runs in order, the tiles on one wavefront
# (loop p) are independent and run in parallel.
S0.skew(T, I, 1, 1, w, p)
S0.parallelize(p)
