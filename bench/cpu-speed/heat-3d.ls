# Time tiling of PolyBench heat-3d (Pluto-style), by commands the app's menus offer.
# Open: loopscape-cli verify tests/data/polybench/stencils/heat-3d/heat-3d.c
#         tests/data/polybench/utilities/polybench.c -I tests/data/polybench/utilities
#         --script samples/scripts/time_tiling/heat-3d.ls --target openmp
#
# S1 (A from B) reads B one step ahead of S0 in i and j: shifted by (1, 1),
# S1's (i, j) only needs S0's rows up to (i, j).
S1.shift(i, 1)
S1.shift(j, 1)
# Fuse S1 into S0's loops t, i and j; each keeps its own k loop (a clean inner
# loop that the compiler vectorizes).
S1.after(S0, j)
# Skew i and j by 2*t: every dependence distance over (t, i, j) becomes
# non-negative, so the three loops can be tiled.
S0.skew(t, i, 2)
S0.skew(t, j, 2)
# Tiles of 8 time steps x 16 x 16; T, I, J walk the tiles.
S0.tile(t, i, j, 8, 16, 16, T, I, J, t1, i1, j1)
# Wavefront over the tiles: w = T + I in order, the tiles of one wavefront in parallel.
S0.skew(T, I, 1, 1, w, p)
S0.parallelize(p)
