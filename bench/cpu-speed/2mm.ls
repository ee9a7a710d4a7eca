# 2mm, each product like gemm: k before j (rows of B and C at stride 1),
# 32 x 128 blocks of (i, k), blocks of rows in parallel, 8 rows of the
# result unrolled under j so each loaded element feeds 8 multiply-adds.
S1.interchange(j, k)
S1.tile(i, k, 32, 128, i0, k0, i1, k1)
S1.split(i1, 8, i2, i3)
S1.interchange(i3, k1)
S1.interchange(i3, j)
S1.unroll(i3, 8)
S1.parallelize(i0)
S3.interchange(j, k)
S3.tile(i, k, 32, 128, i0, k0, i1, k1)
S3.split(i1, 8, i2, i3)
S3.interchange(i3, k1)
S3.interchange(i3, j)
S3.unroll(i3, 8)
S3.parallelize(i0)
S0.parallelize(i)
S2.parallelize(i)
