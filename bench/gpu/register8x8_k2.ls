# sgemm, 8 x 8 register tiles, 16 x 16 threads (128 x 128 blocks of C), k
# split by 2 and unrolled.
S0.tile(i, j, 128, 128, i0, j0, i1, j1)
S0.split(i1, 8, it, ir)
S0.split(j1, 8, jt, jr)
S0.interchange(ir, jt)
S0.interchange(jr, k)
S0.interchange(ir, k)
S0.split(k, 2, k0, k1)
S0.gpu(i0, j0, it, jt)
S0.unroll(k1, 2)
S0.unroll(ir, 8)
S0.unroll(jr, 8)
