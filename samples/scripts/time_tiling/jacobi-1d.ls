# Time tiling of PolyBench jacobi-1d (Pluto's schedule), by commands the app's menus offer.
# Open: loopscape-cli verify tests/data/polybench/stencils/jacobi-1d/jacobi-1d.c
#         tests/data/polybench/utilities/polybench.c -I tests/data/polybench/utilities
#         --script samples/scripts/time_tiling/jacobi-1d.ls --target openmp
#
# S1 (A[i] = B[i-1..i+1]) reads what S0 writes one iteration to the right:
# shifted by one, it can run in the same i loop right after S0.
S1.shift(i, 1)
# Fuse S1 into S0's loops t and i (S1 runs after S0 in each iteration).
S1.after(S0, i)
# The next time step reads two i's back (S1 at i + 1 wrote them): a skew by 2*t
# makes every dependence distance non-negative, so (t, i) can be tiled.
S0.skew(t, i, 2)
# Rectangular tiles of the skewed space; T and I walk the tiles.
S0.tile(t, i, 32, 32, T, I, t1, i1)
# Wavefront over the tiles: w = T + I runs in order, the tiles of one wavefront
# (loop p) are independent.
S0.skew(T, I, 1, 1, w, p)
S0.parallelize(p)
