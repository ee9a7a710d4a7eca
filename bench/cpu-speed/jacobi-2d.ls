# Time tiling of PolyBench jacobi-2d (Pluto-style), by commands the app's menus offer.
# Open: loopscape-cli verify tests/data/polybench/stencils/jacobi-2d/jacobi-2d.c
#         tests/data/polybench/utilities/polybench.c -I tests/data/polybench/utilities
#         --script samples/scripts/time_tiling/jacobi-2d.ls --target openmp
#
# S1 (A = average of B) reads B one row and one column ahead of S0's (i, j):
# shifted by (1, 1), row i of S1 only needs rows up to i of S0.
S1.shift(i, 1)
S1.shift(j, 1)
# Fuse S1 into S0's loops t and i; each keeps its own j loop (a clean inner
# loop that the compiler vectorizes).
S1.after(S0, i)
# The next time step reads two rows back: skewing i by 2*t makes every
# dependence distance over (t, i) non-negative, so (t, i) can be tiled.
S0.skew(t, i, 2)
# Tiles of 16 time steps x 64 rows; T and I walk the tiles.
S0.tile(t, i, 16, 64, T, I, t1, i1)
# Wavefront over the tiles: w = T + I runs in order, the tiles on one wavefront
# (loop p) are independent and run in parallel.
S0.skew(T, I, 1, 1, w, p)
S0.parallelize(p)
