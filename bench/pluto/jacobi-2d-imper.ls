# Pluto's tiling of jacobi-2d-imper by clicks: the copy shifted by one in i
# and j and fused into the sweep, both skewed by 2t, 32x32x32 tiles.
S1.shift(i, 1)
S1.shift(j, 1)
S1.after(S0, j)
S0.skew(t, i, 2)
S0.skew(t, j, 2)
S0.tile(t, i, j, 32, 32, 32, T1, I1, J1, t2, i2, j2)
