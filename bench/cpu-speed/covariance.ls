# covariance: the means in parallel over j, the centring over i, the rows of
# the covariance matrix in parallel over i, with k outside j in the product so
# data[k][j] is read along rows (j innermost, vectorised).
S0.parallelize(j)
S3.parallelize(i)
S5.interchange(j, k)
S4.parallelize(i)
