#pragma omp parallel for
for (int i = 0; i < ni; i++)
  for (int j = 0; j < nj; j++)
    C[i][j] *= beta;
#pragma omp parallel for
for (int i0 = 0; i0 <= floord(ni - 1, 9); i0++)
  for (int j0 = 0; j0 <= floord(nj - 1, 12); j0++)
    for (int k0 = 0; k0 <= floord(nk - 1, 7); k0++)
      for (int i2 = 0; i2 <= min(2, -3 * i0 + (ni - 1) / 3); i2++)
        for (int j2 = 0; j2 <= min(2, -3 * j0 + (nj - 1) / 4); j2++)
          if (nk - 7 * k0 - 1 >= 0 && ni - 9 * i0 - 3 * i2 - 1 >= 2 && nj - 12 * j0 - 4 * j2 - 1 >= 3) {  // full register tile: C held across k1
            double ls_acc_C[3][4];
            for (int i3 = 0; i3 < 3; i3++)
              #pragma omp simd
              for (int j3 = 0; j3 < 4; j3++)
                ls_acc_C[i3][j3] = C[9 * i0 + 3 * i2 + i3][12 * j0 + 4 * j2 + j3];
            for (int k1 = 0; k1 <= min(6, nk - 7 * k0 - 1); k1++) {
              #pragma GCC unroll 3
              for (int i3 = 0; i3 < 3; i3++) {
                #pragma omp simd
                for (int j3 = 0; j3 < 4; j3++)
                  ls_acc_C[i3][j3] += alpha * A[9 * i0 + 3 * i2 + i3][7 * k0 + k1] * B[7 * k0 + k1][12 * j0 + 4 * j2 + j3];
              }
            }
            for (int i3 = 0; i3 < 3; i3++)
              #pragma omp simd
              for (int j3 = 0; j3 < 4; j3++)
                C[9 * i0 + 3 * i2 + i3][12 * j0 + 4 * j2 + j3] = ls_acc_C[i3][j3];
          } else {
            for (int k1 = 0; k1 <= min(6, nk - 7 * k0 - 1); k1++) {
              #pragma GCC unroll 3
              for (int i3 = 0; i3 <= min(2, ni - 9 * i0 - 3 * i2 - 1); i3++) {
                #pragma omp simd
                for (int j3 = 0; j3 <= min(3, nj - 12 * j0 - 4 * j2 - 1); j3++)
                  C[9 * i0 + 3 * i2 + i3][12 * j0 + 4 * j2 + j3] += alpha * A[9 * i0 + 3 * i2 + i3][7 * k0 + k1] * B[7 * k0 + k1][12 * j0 + 4 * j2 + j3];
              }
            }
          }
