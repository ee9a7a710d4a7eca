#ifndef floord
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
__global__ void ls_kernel0(double* y, int n) {
  for (int i0 = (int)blockIdx.x; i0 <= floord(n - 1, 8); i0 += (int)gridDim.x) {  // GPU blocks (x)
    for (int i1 = (int)threadIdx.x; i1 <= min(7, n - 8 * i0 - 1); i1 += (int)blockDim.x) {  // GPU threads (x)
      y[8 * i0 + i1] = 0;
    }
  }
}

{  /* the arrays the kernels use, on the device for the whole region */
  double* ls_d_y = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_y, sizeof(double) * 42));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_y, y, sizeof(double) * 42, cudaMemcpyHostToDevice));
  {  // ls_kernel0: 2 GPU loops
    const int ls_bx = max(1, min(n >= 8 ? 8 : n, 1024));
    const int ls_by = max(1, min(1, 1024 / ls_bx));
    const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
    const int ls_gx = max(1, (n + 7) / 8);
    const int ls_gy = max(1, min(1, 65535));
    const int ls_gz = max(1, min(1, 65535));
    LS_CUDA_TIMER_START();
    ls_kernel0<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_y, n);
    LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel0
    LS_CUDA_TIMER_STOP();
  }
  {
    LS_CUDA_CHECK(cudaMemcpy(y, ls_d_y, sizeof(double) * 42, cudaMemcpyDeviceToHost));  // the host reads it next
    for (int i = 0; i < m; i++) {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)
        tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        y[j] = y[j] + A[i][j] * tmp[i];
    }
    LS_CUDA_CHECK(cudaMemcpy(ls_d_y, y, sizeof(double) * 42, cudaMemcpyHostToDevice));
  }
  LS_CUDA_CHECK(cudaMemcpy(y, ls_d_y, sizeof(double) * 42, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaFree(ls_d_y));
}
