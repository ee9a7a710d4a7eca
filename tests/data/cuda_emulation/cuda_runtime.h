/* Test support, not a CUDA runtime: the CUDA execution model emulated on the
   CPU so that the tests can run the kernels the cuda target prints on a
   machine without a GPU (test_codegen_cuda). Every block and every thread
   of a launch runs, one after the other; device memory is host memory. It
   checks the generated index arithmetic, grid-stride loops and data
   movement, not what only a device shows (races, timing, the driver); the
   device runs are separate (verify --target cuda on a machine with a GPU). */
#ifndef LOOPSCAPE_CUDA_EMULATION_H
#define LOOPSCAPE_CUDA_EMULATION_H
#include <cstdlib>
#include <cstring>

#define __global__ static
#define __device__
#define __host__
#define __shared__ static

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};
struct uint3 {
  unsigned x = 0, y = 0, z = 0;
};
static uint3 threadIdx, blockIdx;
static dim3 blockDim, gridDim;

enum cudaError_t { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice };

static inline cudaError_t cudaMalloc(void** p, std::size_t bytes) {
  *p = std::malloc(bytes ? bytes : 1);
  return *p ? cudaSuccess : cudaErrorMemoryAllocation;
}
static inline cudaError_t cudaFree(void* p) {
  std::free(p);
  return cudaSuccess;
}
static inline cudaError_t cudaMemcpy(void* to, const void* from, std::size_t bytes, cudaMemcpyKind) {
  std::memmove(to, from, bytes);
  return cudaSuccess;
}
static inline cudaError_t cudaGetLastError() { return cudaSuccess; }
static inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
static inline const char* cudaGetErrorString(cudaError_t e) { return e == cudaSuccess ? "no error" : "emulated error"; }

/* A launch `k<<<grid, block>>>(args)` is rewritten by the test into
   LOOPSCAPE_EMULATE_LAUNCH(grid, block, k(args)). */
#define LOOPSCAPE_EMULATE_LAUNCH(grid, block, call)                                   \
  do {                                                                                 \
    gridDim = (grid);                                                                  \
    blockDim = (block);                                                                \
    for (blockIdx.z = 0; blockIdx.z < gridDim.z; ++blockIdx.z)                         \
      for (blockIdx.y = 0; blockIdx.y < gridDim.y; ++blockIdx.y)                       \
        for (blockIdx.x = 0; blockIdx.x < gridDim.x; ++blockIdx.x)                     \
          for (threadIdx.z = 0; threadIdx.z < blockDim.z; ++threadIdx.z)               \
            for (threadIdx.y = 0; threadIdx.y < blockDim.y; ++threadIdx.y)             \
              for (threadIdx.x = 0; threadIdx.x < blockDim.x; ++threadIdx.x) call;      \
  } while (0)
#endif
