S2.parallelize(i)
