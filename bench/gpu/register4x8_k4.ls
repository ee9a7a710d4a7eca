# register4x8.ls with k split by 4 and unrolled: four steps of k per loop
# iteration, for more independent loads in flight.
S0.tile(i, j, 128, 64, i0, j0, i1, j1)
S0.split(i1, 8, it, ir)
S0.split(j1, 4, jt, jr)
S0.interchange(ir, jt)
S0.interchange(jr, k)
S0.interchange(ir, k)
S0.split(k, 4, k0, k1)
S0.gpu(i0, j0, it, jt)
S0.unroll(k1, 4)
S0.unroll(ir, 8)
S0.unroll(jr, 4)
