# covariance: the column means in parallel over j, the centring over i, and the
# rows of the (triangular) covariance matrix in parallel over i.
S0.parallelize(j)
S3.parallelize(i)
S4.parallelize(i)
