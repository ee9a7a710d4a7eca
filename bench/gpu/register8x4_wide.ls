# sgemm, register tiles of 8 x 4 with 8 x 32 threads: 64 x 128 blocks of C,
# a warp's 32 threads side by side along j.
S0.tile(i, j, 64, 128, i0, j0, i1, j1)
S0.split(i1, 8, it, ir)
S0.split(j1, 4, jt, jr)
S0.interchange(ir, jt)
S0.interchange(jr, k)
S0.interchange(ir, k)
S0.gpu(i0, j0, it, jt)
S0.unroll(ir, 8)
S0.unroll(jr, 4)
