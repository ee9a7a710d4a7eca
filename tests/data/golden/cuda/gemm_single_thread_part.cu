__global__ void ls_kernel0(double (*C)[25], double (*A)[30], double (*B)[25], int ni, int nj, int nk, double alpha, double beta) {
  for (int i = (int)blockIdx.x; i < ni; i += (int)gridDim.x) {  // GPU blocks (x)
    for (int j = (int)threadIdx.x; j < nj; j += (int)blockDim.x) {  // GPU threads (x)
      C[i][j] *= beta;
    }
    __syncthreads();  // the block's threads finish the part before
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {  // not mapped to threads: one thread
      for (int k = 0; k < nk; k++)
        for (int j = 0; j < nj; j++)
          C[i][j] += alpha * A[i][k] * B[k][j];
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
  {  // ls_kernel0: 2 GPU loops
    const int ls_bx = max(1, min(nj, 1024));
    const int ls_by = max(1, min(1, 1024 / ls_bx));
    const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
    const int ls_gx = max(1, ni);
    const int ls_gy = max(1, min(1, 65535));
    const int ls_gz = max(1, min(1, 65535));
    LS_CUDA_TIMER_START();
    ls_kernel0<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_C, ls_d_A, ls_d_B, ni, nj, nk, alpha, beta);
    LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel0
    LS_CUDA_TIMER_STOP();
  }
  LS_CUDA_CHECK(cudaMemcpy(C, ls_d_C, sizeof(double) * 20 * 25, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaFree(ls_d_A));
  LS_CUDA_CHECK(cudaFree(ls_d_B));
  LS_CUDA_CHECK(cudaFree(ls_d_C));
}
