#ifndef floord
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
__global__ void ls_kernel0(double* x1, double (*A)[40], double* y_1, int n) {
  for (int i0 = (int)blockIdx.x; i0 <= floord(n - 1, 12); i0 += (int)gridDim.x) {  // GPU blocks (x)
    for (int i1 = (int)threadIdx.x; i1 <= min(11, n - 12 * i0 - 1); i1 += (int)blockDim.x) {  // GPU threads (x)
      for (int j = 0; j < n; j++)
        x1[12 * i0 + i1] = x1[12 * i0 + i1] + A[12 * i0 + i1][j] * y_1[j];
    }
  }
}

__global__ void ls_kernel1(double (*A)[40], double* x2, double* y_2, int n) {
  for (int i0 = (int)blockIdx.x; i0 <= floord(n - 1, 12); i0 += (int)gridDim.x) {  // GPU blocks (x)
    for (int i1 = (int)threadIdx.x; i1 <= min(11, n - 12 * i0 - 1); i1 += (int)blockDim.x) {  // GPU threads (x)
      for (int j = 0; j < n; j++)
        x2[12 * i0 + i1] = x2[12 * i0 + i1] + A[j][12 * i0 + i1] * y_2[j];
    }
  }
}

{  /* the arrays the kernels use, on the device for the whole region */
  double (*ls_d_A)[40] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_A, sizeof(double) * 40 * 40));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_A, A, sizeof(double) * 40 * 40, cudaMemcpyHostToDevice));
  double* ls_d_x1 = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_x1, sizeof(double) * 40));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_x1, x1, sizeof(double) * 40, cudaMemcpyHostToDevice));
  double* ls_d_x2 = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_x2, sizeof(double) * 40));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_x2, x2, sizeof(double) * 40, cudaMemcpyHostToDevice));
  double* ls_d_y_1 = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_y_1, sizeof(double) * 40));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_y_1, y_1, sizeof(double) * 40, cudaMemcpyHostToDevice));
  double* ls_d_y_2 = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_y_2, sizeof(double) * 40));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_y_2, y_2, sizeof(double) * 40, cudaMemcpyHostToDevice));
  {  // ls_kernel0: 2 GPU loops
    const int ls_bx = max(1, min(n >= 12 ? 12 : n, 1024));
    const int ls_by = max(1, min(1, 1024 / ls_bx));
    const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
    const int ls_gx = max(1, (n + 11) / 12);
    const int ls_gy = max(1, min(1, 65535));
    const int ls_gz = max(1, min(1, 65535));
    LS_CUDA_TIMER_START();
    ls_kernel0<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_x1, ls_d_A, ls_d_y_1, n);
    LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel0
    LS_CUDA_TIMER_STOP();
  }
  {  // ls_kernel1: 2 GPU loops
    const int ls_bx = max(1, min(n >= 12 ? 12 : n, 1024));
    const int ls_by = max(1, min(1, 1024 / ls_bx));
    const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
    const int ls_gx = max(1, (n + 11) / 12);
    const int ls_gy = max(1, min(1, 65535));
    const int ls_gz = max(1, min(1, 65535));
    LS_CUDA_TIMER_START();
    ls_kernel1<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_A, ls_d_x2, ls_d_y_2, n);
    LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel1
    LS_CUDA_TIMER_STOP();
  }
  LS_CUDA_CHECK(cudaMemcpy(x1, ls_d_x1, sizeof(double) * 40, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaMemcpy(x2, ls_d_x2, sizeof(double) * 40, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaFree(ls_d_A));
  LS_CUDA_CHECK(cudaFree(ls_d_x1));
  LS_CUDA_CHECK(cudaFree(ls_d_x2));
  LS_CUDA_CHECK(cudaFree(ls_d_y_1));
  LS_CUDA_CHECK(cudaFree(ls_d_y_2));
}
