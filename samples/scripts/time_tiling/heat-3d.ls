# Time tiling of PolyBench heat-3d (Pluto's schedule), by commands the app's menus offer.
# Open: loopscape-cli verify tests/data/polybench/stencils/heat-3d/heat-3d.c
#         tests/data/polybench/utilities/polybench.c -I tests/data/polybench/utilities
#         --script samples/scripts/time_tiling/heat-3d.ls --target openmp
#
# S1 (A from B) reads B one step ahead of S0 in i, j and k: shifted by
# (1, 1, 1) it can run in S0's iteration, right after it.
S1.shift(i, 1)
S1.shift(j, 1)
S1.shift(k, 1)
# Fuse S1 into S0's loops t, i, j and k.
S1.after(S0, k)
# Skew i, j and k by 2*t: every dependence distance becomes non-negative.
S0.skew(t, i, 2)
S0.skew(t, j, 2)
S0.skew(t, k, 2)
# Tile t, i and j (k stays a long inner loop for vectorization).
S0.tile(t, i, j, 8, 8, 8, T, I, J, t1, i1, j1)
# Wavefront over the tiles: w = T + I in order, the tiles of one wavefront in parallel.
S0.skew(T, I, 1, 1, w, p)
S0.parallelize(p)
