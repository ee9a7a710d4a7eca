__global__ void ls_kernel0(double (*c)[100], int n) {
  for (int i = (int)blockIdx.x; i < n; i += (int)gridDim.x) {  // GPU blocks (x)
    for (int j = (int)threadIdx.x; j < n; j += (int)blockDim.x) {  // GPU threads (x)
      c[i][j] = sin((double)i) * cos((double)j);
    }
  }
}

{  /* the arrays the kernels use, on the device for the whole region */
  double (*ls_d_c)[100] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_c, sizeof(double) * 100 * 100));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_c, c, sizeof(double) * 100 * 100, cudaMemcpyHostToDevice));
  {  // ls_kernel0: 2 GPU loops
    const int ls_bx = max(1, min(n, 1024));
    const int ls_by = max(1, min(1, 1024 / ls_bx));
    const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
    const int ls_gx = max(1, n);
    const int ls_gy = max(1, min(1, 65535));
    const int ls_gz = max(1, min(1, 65535));
    LS_CUDA_TIMER_START();
    ls_kernel0<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_c, n);
    LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel0
    LS_CUDA_TIMER_STOP();
  }
  LS_CUDA_CHECK(cudaMemcpy(c, ls_d_c, sizeof(double) * 100 * 100, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaFree(ls_d_c));
}
