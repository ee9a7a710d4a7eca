#ifndef floord
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
__global__ void ls_kernel0(double (*C)[25], double (*A)[30], double (*B)[25], int ni, int nj, int nk, double alpha) {
  for (int i0 = (int)blockIdx.y; i0 <= floord(ni - 1, 16); i0 += (int)gridDim.y) {  // GPU blocks (y)
    for (int j0 = (int)blockIdx.x; j0 <= floord(nj - 1, 16); j0 += (int)gridDim.x) {  // GPU blocks (x)
      __shared__ double ls_sh_B[30][16];  // copy_at: B for this iteration
      const int ls_lo_B0 = 0;
      const int ls_lo_B1 = 16 * j0;
      for (int ls_x = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); ls_x < 480; ls_x += blockDim.x * blockDim.y * blockDim.z) {
        const int ls_e0 = ls_lo_B0 + ls_x / 16 % 30;
        const int ls_e1 = ls_lo_B1 + ls_x % 16;
        if (nk >= ls_e0 + 1 && nj >= ls_e1 + 1) ls_sh_B[ls_e0 - ls_lo_B0][ls_e1 - ls_lo_B1] = B[ls_e0][ls_e1];
      }
      __syncthreads();  // ls_sh_B is filled
      for (int i1 = (int)threadIdx.y; i1 <= min(15, ni - 16 * i0 - 1); i1 += (int)blockDim.y) {  // GPU threads (y)
        for (int j1 = (int)threadIdx.x; j1 <= min(15, nj - 16 * j0 - 1); j1 += (int)blockDim.x) {  // GPU threads (x)
          for (int k = 0; k < nk; k++)
            C[16 * i0 + i1][16 * j0 + j1] += alpha * A[16 * i0 + i1][k] * ls_sh_B[k - ls_lo_B0][16 * j0 + j1 - ls_lo_B1];
        }
      }
      __syncthreads();  // every thread is done with ls_sh_B
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
    const int ls_bx = max(1, min(nj >= 16 ? 16 : nj, 1024));
    const int ls_by = max(1, min(ni >= 16 ? 16 : ni, 1024 / ls_bx));
    const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
    const int ls_gx = max(1, (nj + 15) / 16);
    const int ls_gy = max(1, min((ni + 15) / 16, 65535));
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
