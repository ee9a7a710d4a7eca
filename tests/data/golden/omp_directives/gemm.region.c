#pragma scop
  /* Loopscape step 4, S1.parallelize(i): legal, checked exactly against the dependences of these loops (each kept in order, or on private copies where the directive says so):
       RAW S0 -> S1 on C, distance (0)
       RAW S1 -> S1 on C, distance (0, 1, 0), a reduction
       WAR S0 -> S1 on C, distance (0)
       WAR S1 -> S1 on C, distance (0, 1, 0), a reduction
       WAW S0 -> S1 on C, distance (0)
       WAW S1 -> S1 on C, distance (0, 1, 0), a reduction */
  #pragma omp parallel for private(i, j, k)
  for (i = 0; i < _PB_NI; i++) {
    /* Loopscape step 2, S0.unroll(j, 4): legal, checked exactly against these loops' dependences: there are none. */
    #pragma omp unroll partial(4)
    for (j = 0; j < _PB_NJ; j++)
      C[i][j] *= beta;
    /* Loopscape step 3, S1.interchange(k0, j0): legal, checked exactly against the dependences of these loops (each kept in order, or on private copies where the directive says so):
         RAW S1 -> S1 on C, distance (0, 1, 0), a reduction
         WAR S1 -> S1 on C, distance (0, 1, 0), a reduction
         WAW S1 -> S1 on C, distance (0, 1, 0), a reduction */
    #pragma omp interchange
    /* Loopscape step 1, S1.tile(k, j, 32, 32, k0, j0, k1, j1): legal, checked exactly against the dependences of these loops (each kept in order, or on private copies where the directive says so):
         RAW S1 -> S1 on C, distance (0, 1, 0), a reduction
         WAR S1 -> S1 on C, distance (0, 1, 0), a reduction
         WAW S1 -> S1 on C, distance (0, 1, 0), a reduction */
    #pragma omp tile sizes(32, 32)
    for (k = 0; k < _PB_NK; k++) {
      for (j = 0; j < _PB_NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
