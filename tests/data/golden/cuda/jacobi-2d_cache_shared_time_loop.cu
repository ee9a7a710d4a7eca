#ifndef floord
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#endif
#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
#ifndef max
#define max(x, y) ((x) > (y) ? (x) : (y))
#endif
__global__ void ls_kernel0(double (*B)[30], double (*A)[30], int n) {
  for (int i0 = (int)blockIdx.y; i0 <= floord(n - 2, 16); i0 += (int)gridDim.y) {  // GPU blocks (y)
    for (int j0 = (int)blockIdx.x; j0 <= (n - 2) / 16; j0 += (int)gridDim.x) {  // GPU blocks (x)
      __shared__ double ls_sh_A[18][18];  // cache_shared_at: A for this iteration
      const int ls_lo_A0 = i0 == 0 ? 0 : 16 * i0 - 1;
      const int ls_lo_A1 = j0 == 0 ? 0 : 16 * j0 - 1;
      for (int ls_x = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); ls_x < 324; ls_x += blockDim.x * blockDim.y * blockDim.z) {
        const int ls_e0 = ls_lo_A0 + ls_x / 18 % 18;
        const int ls_e1 = ls_lo_A1 + ls_x % 18;
        if (ls_e0 >= 1 && n >= ls_e0 + 1 && ls_e0 >= 16 * i0 && 16 * i0 + 16 >= ls_e0 && ls_e0 + ls_e1 >= 3 && 2 * n >= ls_e0 + ls_e1 + 3 && ls_e0 + ls_e1 >= 16 * i0 + 2 && ls_e0 + ls_e1 >= 16 * j0 + 2 && ls_e0 + ls_e1 >= 16 * i0 + 16 * j0 + 1 && ls_e1 >= 1 && n >= ls_e1 + 1 && ls_e1 >= 16 * j0 && n + 16 * j0 + 14 >= ls_e0 + ls_e1 && n + 16 * i0 + 14 >= ls_e0 + ls_e1 && 16 * j0 + 16 >= ls_e1 && 16 * i0 + 16 * j0 + 31 >= ls_e0 + ls_e1 || n >= ls_e0 + 2 && 16 * i0 + 15 >= ls_e0 && n >= ls_e1 + 2 && ls_e0 + ls_e1 >= 1 && ls_e0 + ls_e1 >= 16 * i0 && ls_e0 + ls_e1 >= 16 * j0 && ls_e0 + ls_e1 + 1 >= 16 * i0 + 16 * j0 && 16 * j0 + 15 >= ls_e1) ls_sh_A[ls_e0 - ls_lo_A0][ls_e1 - ls_lo_A1] = A[ls_e0][ls_e1];
      }
      __syncthreads();  // ls_sh_A is filled
      for (int i1 = max(0, -16 * i0 + 1) + (int)threadIdx.y; i1 <= min(15, n - 16 * i0 - 2); i1 += (int)blockDim.y) {  // GPU threads (y)
        for (int j1 = max(0, -16 * j0 + 1) + (int)threadIdx.x; j1 <= min(15, n - 16 * j0 - 2); j1 += (int)blockDim.x) {  // GPU threads (x)
          B[16 * i0 + i1][16 * j0 + j1] = 0.2 * (ls_sh_A[16 * i0 + i1 - ls_lo_A0][16 * j0 + j1 - ls_lo_A1] + ls_sh_A[16 * i0 + i1 - ls_lo_A0][16 * j0 + j1 - 1 - ls_lo_A1] + ls_sh_A[16 * i0 + i1 - ls_lo_A0][1 + (16 * j0 + j1) - ls_lo_A1] + ls_sh_A[1 + (16 * i0 + i1) - ls_lo_A0][16 * j0 + j1 - ls_lo_A1] + ls_sh_A[16 * i0 + i1 - 1 - ls_lo_A0][16 * j0 + j1 - ls_lo_A1]);
        }
      }
      __syncthreads();  // every thread is done with ls_sh_A
    }
  }
}

__global__ void ls_kernel1(double (*B)[30], double (*A)[30], int n) {
  for (int i0 = (int)blockIdx.y; i0 <= floord(n - 2, 16); i0 += (int)gridDim.y) {  // GPU blocks (y)
    for (int j0 = (int)blockIdx.x; j0 <= (n - 2) / 16; j0 += (int)gridDim.x) {  // GPU blocks (x)
      __shared__ double ls_sh_B[18][18];  // cache_shared_at: B for this iteration
      const int ls_lo_B0 = i0 == 0 ? 0 : 16 * i0 - 1;
      const int ls_lo_B1 = j0 == 0 ? 0 : 16 * j0 - 1;
      for (int ls_x = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); ls_x < 324; ls_x += blockDim.x * blockDim.y * blockDim.z) {
        const int ls_e0 = ls_lo_B0 + ls_x / 18 % 18;
        const int ls_e1 = ls_lo_B1 + ls_x % 18;
        if (ls_e0 >= 1 && n >= ls_e0 + 1 && ls_e0 >= 16 * i0 && 16 * i0 + 16 >= ls_e0 && ls_e0 + ls_e1 >= 3 && 2 * n >= ls_e0 + ls_e1 + 3 && ls_e0 + ls_e1 >= 16 * i0 + 2 && ls_e0 + ls_e1 >= 16 * j0 + 2 && ls_e0 + ls_e1 >= 16 * i0 + 16 * j0 + 1 && ls_e1 >= 1 && n >= ls_e1 + 1 && ls_e1 >= 16 * j0 && n + 16 * j0 + 14 >= ls_e0 + ls_e1 && n + 16 * i0 + 14 >= ls_e0 + ls_e1 && 16 * j0 + 16 >= ls_e1 && 16 * i0 + 16 * j0 + 31 >= ls_e0 + ls_e1 || n >= ls_e0 + 2 && 16 * i0 + 15 >= ls_e0 && n >= ls_e1 + 2 && ls_e0 + ls_e1 >= 1 && ls_e0 + ls_e1 >= 16 * i0 && ls_e0 + ls_e1 >= 16 * j0 && ls_e0 + ls_e1 + 1 >= 16 * i0 + 16 * j0 && 16 * j0 + 15 >= ls_e1) ls_sh_B[ls_e0 - ls_lo_B0][ls_e1 - ls_lo_B1] = B[ls_e0][ls_e1];
      }
      __syncthreads();  // ls_sh_B is filled
      for (int i1 = max(0, -16 * i0 + 1) + (int)threadIdx.y; i1 <= min(15, n - 16 * i0 - 2); i1 += (int)blockDim.y) {  // GPU threads (y)
        for (int j1 = max(0, -16 * j0 + 1) + (int)threadIdx.x; j1 <= min(15, n - 16 * j0 - 2); j1 += (int)blockDim.x) {  // GPU threads (x)
          A[16 * i0 + i1][16 * j0 + j1] = 0.2 * (ls_sh_B[16 * i0 + i1 - ls_lo_B0][16 * j0 + j1 - ls_lo_B1] + ls_sh_B[16 * i0 + i1 - ls_lo_B0][16 * j0 + j1 - 1 - ls_lo_B1] + ls_sh_B[16 * i0 + i1 - ls_lo_B0][1 + (16 * j0 + j1) - ls_lo_B1] + ls_sh_B[1 + (16 * i0 + i1) - ls_lo_B0][16 * j0 + j1 - ls_lo_B1] + ls_sh_B[16 * i0 + i1 - 1 - ls_lo_B0][16 * j0 + j1 - ls_lo_B1]);
        }
      }
      __syncthreads();  // every thread is done with ls_sh_B
    }
  }
}

{  /* the arrays the kernels use, on the device for the whole region */
  double (*ls_d_A)[30] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_A, sizeof(double) * 30 * 30));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_A, A, sizeof(double) * 30 * 30, cudaMemcpyHostToDevice));
  double (*ls_d_B)[30] = nullptr;
  LS_CUDA_CHECK(cudaMalloc((void**)&ls_d_B, sizeof(double) * 30 * 30));
  LS_CUDA_CHECK(cudaMemcpy(ls_d_B, B, sizeof(double) * 30 * 30, cudaMemcpyHostToDevice));
  for (int t = 0; t < tsteps; t++) {
    {  // ls_kernel0: 4 GPU loops
      const int ls_bx = max(1, min(n == 17 ? 15 : n >= 18 ? 16 : n - 2, 1024));
      const int ls_by = max(1, min(n == 17 ? 15 : n >= 18 ? 16 : n - 2, 1024 / ls_bx));
      const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
      const int ls_gx = max(1, (n + 14) / 16);
      const int ls_gy = max(1, min((n + 14) / 16, 65535));
      const int ls_gz = max(1, min(1, 65535));
      LS_CUDA_TIMER_START();
      ls_kernel0<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_B, ls_d_A, n);
      LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel0
      LS_CUDA_TIMER_STOP();
    }
    {  // ls_kernel1: 4 GPU loops
      const int ls_bx = max(1, min(n == 17 ? 15 : n >= 18 ? 16 : n - 2, 1024));
      const int ls_by = max(1, min(n == 17 ? 15 : n >= 18 ? 16 : n - 2, 1024 / ls_bx));
      const int ls_bz = max(1, min(1, min(64, 1024 / (ls_bx * ls_by))));
      const int ls_gx = max(1, (n + 14) / 16);
      const int ls_gy = max(1, min((n + 14) / 16, 65535));
      const int ls_gz = max(1, min(1, 65535));
      LS_CUDA_TIMER_START();
      ls_kernel1<<<dim3(ls_gx, ls_gy, ls_gz), dim3(ls_bx, ls_by, ls_bz)>>>(ls_d_B, ls_d_A, n);
      LS_CUDA_CHECK(cudaGetLastError());  // the launch of ls_kernel1
      LS_CUDA_TIMER_STOP();
    }
  }
  LS_CUDA_CHECK(cudaMemcpy(A, ls_d_A, sizeof(double) * 30 * 30, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaMemcpy(B, ls_d_B, sizeof(double) * 30 * 30, cudaMemcpyDeviceToHost));
  LS_CUDA_CHECK(cudaFree(ls_d_A));
  LS_CUDA_CHECK(cudaFree(ls_d_B));
}
