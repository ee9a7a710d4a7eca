__global__ void ls_kernel0(double (*B)[10][10], double (*A)[10][10], int n) {
  for (int i = 1 + (int)blockIdx.x; i < n - 1; i += (int)gridDim.x) {  // GPU blocks (x)
    __shared__ double ls_sh_A[3][10][10];  // cache_shared_at: A for this iteration
    const int ls_lo_A0 = i - 1;
    const int ls_lo_A1 = 0;
    const int ls_lo_A2 = 0;
    for (int ls_x = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); ls_x < 300; ls_x += blockDim.x * blockDim.y * blockDim.z) {
      const int ls_e0 = ls_lo_A0 + ls_x / 100 % 3;
      const int ls_e1 = ls_lo_A1 + ls_x / 10 % 10;
      const int ls_e2 = ls_lo_A2 + ls_x % 10;
      if (n + ls_e0 >= i + ls_e1 + 1 && n + i >= ls_e0 + ls_e1 + 1 && ls_e0 + ls_e1 >= i && i + ls_e1 >= ls_e0 && n + ls_e2 >= ls_e1 + 2 && n >= ls_e2 + 2 && ls_e1 + ls_e2 >= 1 && ls_e0 + ls_e2 >= i && i + ls_e2 >= ls_e0 || ls_e0 == i && n >= ls_e1 + 2 && ls_e1 >= 1 && ls_e2 >= 2 && n >= ls_e2 + 1) ls_sh_A[ls_e0 - ls_lo_A0][ls_e1 - ls_lo_A1][ls_e2 - ls_lo_A2] = A[ls_e0][ls_e1][ls_e2];
    }
    __syncthreads();  // ls_sh_A is filled
    for (int j = 1 + (int)threadIdx.x; j < n - 1; j += (int)blockDim.x) {  // GPU threads (x)
      for (int k = 1; k < n - 1; k++)
        B[i][j][k] = 0.125 * (ls_sh_A[i + 1 - ls_lo_A0][j - ls_lo_A1][k - ls_lo_A2] - 2.0 * ls_sh_A[i - ls_lo_A0][j - ls_lo_A1][k - ls_lo_A2] + ls_sh_A[i - 1 - ls_lo_A0][j - ls_lo_A1][k - ls_lo_A2]) + 0.125 * (ls_sh_A[i - ls_lo_A0][j + 1 - ls_lo_A1][k - ls_lo_A2] - 2.0 * ls_sh_A[i - ls_lo_A0][j - ls_lo_A1][k - ls_lo_A2] + ls_sh_A[i - ls_lo_A0][j - 1 - ls_lo_A1][k - ls_lo_A2]) + 0.125 * (ls_sh_A[i - ls_lo_A0][j - ls_lo_A1][k + 1 - ls_lo_A2] - 2.0 * ls_sh_A[i - ls_lo_A0][j - ls_lo_A1][k - ls_lo_A2] + ls_sh_A[i - ls_lo_A0][j - ls_lo_A1][k - 1 - ls_lo_A2]) + ls_sh_A[i - ls_lo_A0][j - ls_lo_A1][k - ls_lo_A2];
    }
    __syncthreads();  // every thread is done with ls_sh_A
  }
}

__global__ void ls_kernel1(double (*B)[10][10], double (*A)[10][10], int n) {
  for (int i = 1 + (int)blockIdx.x; i < n - 1; i += (int)gridDim.x) {  // GPU blocks (x)
    for (int j = 1 + (int)threadIdx.x; j < n - 1; j += (int)blockDim.x) {  // GPU threads (x)
      for (int k = 1; k < n - 1; k++)
        A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
    }
  }
}

{  /* the arrays the kernels use, on the device for the whole region */
  double (*ls_d_A)[10][10] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_A, sizeof(double) * 10 * 10 * 10));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_A, A, sizeof(double) * 10 * 10 * 10, cudaMemcpyHostToDevice));
  double (*ls_d_B)[10][10] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_B, sizeof(double) * 10 * 10 * 10));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_B, B, sizeof(double) * 10 * 10 * 10, cudaMemcpyHostToDevice));
  for (int t = 1; t <= 20; t++) {
    {  // ls_kernel0: 2 GPU loops
      const int ls_bx = max(1, min(n - 2, 1024));
      const int ls_by = max(1, min(1, 1024 / ls_bx));
      const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
      const int ls_gx = max(1, n - 2);
      const int ls_gy = max(1, min(1, 65535));
      const int ls_gz = max(1, min(1, 65535));
      LS_CUDA_TIMER_START();
      ls_kernel0<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_B, ls_d_A, n);
      LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel0
      LS_CUDA_TIMER_STOP();
    }
    {  // ls_kernel1: 2 GPU loops
      const int ls_bx = max(1, min(n - 2, 1024));
      const int ls_by = max(1, min(1, 1024 / ls_bx));
      const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
      const int ls_gx = max(1, n - 2);
      const int ls_gy = max(1, min(1, 65535));
      const int ls_gz = max(1, min(1, 65535));
      LS_CUDA_TIMER_START();
      ls_kernel1<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_B, ls_d_A, n);
      LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel1
      LS_CUDA_TIMER_STOP();
    }
  }
  LS_CUDA_CHECK(cudaMemcpy(A, ls_d_A, sizeof(double) * 10 * 10 * 10, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaMemcpy(B, ls_d_B, sizeof(double) * 10 * 10 * 10, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaFree(ls_d_A));
  LS_CUDA_CHECK(cudaFree(ls_d_B));
}
