# Pluto's tiling of seidel by clicks: i skewed by t, j by t + i, then
# 10x15x15 tiles (Pluto's tile.sizes for this example).
S0.skew(t, i, 1)
S0.skew(i, j, 1)
S0.skew(t, j, 1)
S0.tile(t, i, j, 10, 15, 15, T1, I1, J1, t2, i2, j2)
