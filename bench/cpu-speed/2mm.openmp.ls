# 2mm through gcc and OpenMP (tmp = alpha A B, D = tmp C + beta D): k before j in both products, so
# the innermost loop walks B and C along rows (stride 1, vectorised); rows of
# tmp and of D in parallel.
S1.interchange(j, k)
S3.interchange(j, k)
S0.parallelize(i)
S2.parallelize(i)
