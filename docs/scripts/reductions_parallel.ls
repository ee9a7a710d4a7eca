S1.parallelize(i)
S3.parallelize(i)
S5.parallelize(j)
S7.parallelize(i)
