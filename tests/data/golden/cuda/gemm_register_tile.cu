#ifndef floord
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
__global__ void ls_kernel0(double (*C)[25], double (*A)[30], double (*B)[25], int ni, int nj, int nk, double alpha) {
  for (int i0 = (int)blockIdx.y; i0 <= floord(ni - 1, 8); i0 += (int)gridDim.y) {  // GPU blocks (y)
    for (int j0 = (int)blockIdx.x; j0 <= floord(nj - 1, 8); j0 += (int)gridDim.x) {  // GPU blocks (x)
      for (int it = (int)threadIdx.y; it <= min(3, -4 * i0 + (ni + 1) / 2 - 1); it += (int)blockDim.y) {  // GPU threads (y)
        for (int jt = (int)threadIdx.x; jt <= min(3, -4 * j0 + (nj + 1) / 2 - 1); jt += (int)blockDim.x) {  // GPU threads (x)
          {  // register tile: 4 elements of C in registers across loop k
            double ls_r0 = (0 <= ni - 8 * i0 - 2 * it - 1 && 0 <= nj - 8 * j0 - 2 * jt - 1) ? C[8 * i0 + 2 * it + 0][8 * j0 + 2 * jt + 0] : 0;
            double ls_r1 = (0 <= ni - 8 * i0 - 2 * it - 1 && 1 <= nj - 8 * j0 - 2 * jt - 1) ? C[8 * i0 + 2 * it + 0][8 * j0 + 2 * jt + 1] : 0;
            double ls_r2 = (1 <= ni - 8 * i0 - 2 * it - 1 && 0 <= nj - 8 * j0 - 2 * jt - 1) ? C[8 * i0 + 2 * it + 1][8 * j0 + 2 * jt + 0] : 0;
            double ls_r3 = (1 <= ni - 8 * i0 - 2 * it - 1 && 1 <= nj - 8 * j0 - 2 * jt - 1) ? C[8 * i0 + 2 * it + 1][8 * j0 + 2 * jt + 1] : 0;
            for (int k = 0; k < nk; k++) {
              if (0 <= ni - 8 * i0 - 2 * it - 1 && 0 <= nj - 8 * j0 - 2 * jt - 1)
                ls_r0 += alpha * A[8 * i0 + 2 * it + 0][k] * B[k][8 * j0 + 2 * jt + 0];
              if (0 <= ni - 8 * i0 - 2 * it - 1 && 1 <= nj - 8 * j0 - 2 * jt - 1)
                ls_r1 += alpha * A[8 * i0 + 2 * it + 0][k] * B[k][8 * j0 + 2 * jt + 1];
              if (1 <= ni - 8 * i0 - 2 * it - 1 && 0 <= nj - 8 * j0 - 2 * jt - 1)
                ls_r2 += alpha * A[8 * i0 + 2 * it + 1][k] * B[k][8 * j0 + 2 * jt + 0];
              if (1 <= ni - 8 * i0 - 2 * it - 1 && 1 <= nj - 8 * j0 - 2 * jt - 1)
                ls_r3 += alpha * A[8 * i0 + 2 * it + 1][k] * B[k][8 * j0 + 2 * jt + 1];
            }
            if (0 <= ni - 8 * i0 - 2 * it - 1 && 0 <= nj - 8 * j0 - 2 * jt - 1) C[8 * i0 + 2 * it + 0][8 * j0 + 2 * jt + 0] = ls_r0;
            if (0 <= ni - 8 * i0 - 2 * it - 1 && 1 <= nj - 8 * j0 - 2 * jt - 1) C[8 * i0 + 2 * it + 0][8 * j0 + 2 * jt + 1] = ls_r1;
            if (1 <= ni - 8 * i0 - 2 * it - 1 && 0 <= nj - 8 * j0 - 2 * jt - 1) C[8 * i0 + 2 * it + 1][8 * j0 + 2 * jt + 0] = ls_r2;
            if (1 <= ni - 8 * i0 - 2 * it - 1 && 1 <= nj - 8 * j0 - 2 * jt - 1) C[8 * i0 + 2 * it + 1][8 * j0 + 2 * jt + 1] = ls_r3;
          }
        }
      }
    }
  }
}

{  /* the arrays the kernels use, on the device for the whole region */
  double (*ls_d_A)[30] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_A, sizeof(double) * 20 * 30));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_A, A, sizeof(double) * 20 * 30, cudaMemcpyHostToDevice));
  double (*ls_d_B)[25] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_B, sizeof(double) * 30 * 25));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_B, B, sizeof(double) * 30 * 25, cudaMemcpyHostToDevice));
  double (*ls_d_C)[25] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_C, sizeof(double) * 20 * 25));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_C, C, sizeof(double) * 20 * 25, cudaMemcpyHostToDevice));
  {
    LS_CUDA_CHECK(cudaMemcpy(C, ls_d_C, sizeof(double) * 20 * 25, cudaMemcpyDeviceToHost));  // the host reads it next
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nj; j++)
        C[i][j] *= beta;
    LS_CUDA_CHECK(cudaMemcpy(ls_d_C, C, sizeof(double) * 20 * 25, cudaMemcpyHostToDevice));
  }
  {  // ls_kernel0: 4 GPU loops
    const int ls_bx = max(1, min(nj >= 7 ? 4 : (nj + 1) / 2, 1024));
    const int ls_by = max(1, min(ni >= 7 ? 4 : (ni + 1) / 2, 1024 / ls_bx));
    const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
    const int ls_gx = max(1, (nj + 7) / 8);
    const int ls_gy = max(1, min((ni + 7) / 8, 65535));
    const int ls_gz = max(1, min(1, 65535));
    LS_CUDA_TIMER_START();
    ls_kernel0<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_C, ls_d_A, ls_d_B, ni, nj, nk, alpha);
    LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel0
    LS_CUDA_TIMER_STOP();
  }
  LS_CUDA_CHECK(cudaMemcpy(C, ls_d_C, sizeof(double) * 20 * 25, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaFree(ls_d_A));
  LS_CUDA_CHECK(cudaFree(ls_d_B));
  LS_CUDA_CHECK(cudaFree(ls_d_C));
}
