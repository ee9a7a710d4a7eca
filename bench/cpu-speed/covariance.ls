# covariance: the means in parallel over j, the centring over i; the rows of
# the covariance matrix split into even and odd ones, one half per thread (the
# rows are triangular, so halves of consecutive rows would give one thread
# three quarters of the work), with k outside j in the product so data[k][j]
# is read along rows (j innermost, vectorised).
S0.parallelize(j)
S3.parallelize(i)
S5.interchange(j, k)
S4.split(i, 2, i0, i1)
S4.interchange(i0, i1)
S4.parallelize(i1)
