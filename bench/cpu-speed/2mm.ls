# 2mm blocked for AVX-512 registers (the OpenMP and the Halide targets; on a
# machine with AVX2 only, 2mm.avx2.ls), each product like gemm
# (bench/cpu-speed/gemm.ls): 100 x 200 blocks of (i, j) in parallel over i,
# 200-deep slices of k, 5 x 40 blocks of the result kept in 25 vector
# registers.
S1.tile(i, j, 100, 200, i0, j0, i1, j1)
S1.split(k, 200, k0, k1)
S1.interchange(j1, k0)
S1.interchange(i1, k0)
S1.split(i1, 5, i2, i3)
S1.split(j1, 40, j2, j3)
S1.interchange(i3, j2)
S1.interchange(j3, k1)
S1.interchange(i3, k1)
S1.unroll(i3, 5)
S1.vectorize(j3, 40)
S1.parallelize(i0)
S3.tile(i, j, 100, 200, i0, j0, i1, j1)
S3.split(k, 200, k0, k1)
S3.interchange(j1, k0)
S3.interchange(i1, k0)
S3.split(i1, 5, i2, i3)
S3.split(j1, 40, j2, j3)
S3.interchange(i3, j2)
S3.interchange(j3, k1)
S3.interchange(i3, k1)
S3.unroll(i3, 5)
S3.vectorize(j3, 40)
S3.parallelize(i0)
