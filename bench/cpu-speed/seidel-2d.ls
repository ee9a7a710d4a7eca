# Time tiling of PolyBench seidel-2d (Pluto's schedule), by commands the app's menus offer.
# Open: loopscape-cli verify tests/data/polybench/stencils/seidel-2d/seidel-2d.c
#         tests/data/polybench/utilities/polybench.c -I tests/data/polybench/utilities
#         --script samples/scripts/time_tiling/seidel-2d.ls --target openmp
#
# One statement, updated in place: A[i][j] reads its north and west neighbours
# of this sweep and its south and east neighbours of the previous one.
# Skewing to (t, t + i, 2t + i + j) makes every dependence distance non-negative.
S0.skew(t, i, 1)
S0.skew(i, j, 1)
S0.skew(t, j, 1)
# 3-d tiles of the skewed space.
S0.tile(t, i, j, 16, 16, 16, T, I, J, t1, i1, j1)
# No loop of seidel is parallel before this: the wavefront w = T + I runs in
# order, the tiles on one wavefront (loop p) run in parallel.
S0.skew(T, I, 1, 1, w, p)
S0.parallelize(p)
