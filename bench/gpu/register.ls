# sgemm with register tiles: 64 x 64 blocks of C, each of the 16 x 16 threads
# owns a 4 x 4 tile (ir, jr unrolled) kept in registers across k.
S0.tile(i, j, 64, 64, i0, j0, i1, j1)
S0.split(i1, 4, it, ir)
S0.split(j1, 4, jt, jr)
S0.interchange(ir, jt)
S0.interchange(jr, k)
S0.interchange(ir, k)
S0.gpu(i0, j0, it, jt)
S0.unroll(ir, 4)
S0.unroll(jr, 4)
