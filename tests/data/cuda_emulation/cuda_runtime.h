/* Test support, not a CUDA runtime: the CUDA execution model emulated on the
   CPU so that the tests can run the kernels the cuda target prints on a
   machine without a GPU (test_codegen_cuda). The blocks of a launch run one
   after the other; the threads of a block run as CPU threads, so that
   __syncthreads() is a real barrier; device memory is host memory. It checks
   the generated index arithmetic, grid-stride loops, single-thread parts,
   barriers and data movement, not what only a device shows (timing, the
   driver, memory spaces); the device runs are separate (verify --target cuda
   on a machine with a GPU). */
#ifndef LOOPSCAPE_CUDA_EMULATION_H
#define LOOPSCAPE_CUDA_EMULATION_H
#include <atomic>
#include <barrier>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

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
static thread_local uint3 threadIdx, blockIdx;
static thread_local dim3 blockDim, gridDim;
static std::barrier<>* loopscape_block_barrier = nullptr;
static inline void __syncthreads() { loopscape_block_barrier->arrive_and_wait(); }

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

/* The atomics the cuda target's reductions use, on the threads of a block. */
template <typename T>
static inline T atomicAdd(T* p, T v) {
  return std::atomic_ref<T>(*p).fetch_add(v);
}
template <typename W>
static inline W atomicCAS(W* p, W expected, W desired) {
  std::atomic_ref<W>(*p).compare_exchange_strong(expected, desired);
  return expected;
}
template <typename To, typename From>
static inline To loopscape_bits(From v) {
  To out;
  std::memcpy(&out, &v, sizeof out);
  return out;
}
static inline long long __double_as_longlong(double v) { return loopscape_bits<long long>(v); }
static inline double __longlong_as_double(long long v) { return loopscape_bits<double>(v); }
static inline unsigned int __float_as_uint(float v) { return loopscape_bits<unsigned int>(v); }
static inline float __uint_as_float(unsigned int v) { return loopscape_bits<float>(v); }

static inline void loopscape_emulate_launch(dim3 grid, dim3 block, const std::function<void()>& kernel) {
  const unsigned threads = block.x * block.y * block.z;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx) {
        std::barrier<> barrier(static_cast<std::ptrdiff_t>(threads));
        loopscape_block_barrier = &barrier;
        std::vector<std::thread> team;
        for (unsigned t = 0; t < threads; ++t)
          team.emplace_back([&, t] {
            gridDim = grid;
            blockDim = block;
            blockIdx = uint3{bx, by, bz};
            threadIdx = uint3{t % block.x, (t / block.x) % block.y, t / (block.x * block.y)};
            kernel();
          });
        for (std::thread& th : team) th.join();
      }
}

/* A launch `k<<<grid, block>>>(args)` is rewritten by the test into
   LOOPSCAPE_EMULATE_LAUNCH(grid, block, k(args)). */
#define LOOPSCAPE_EMULATE_LAUNCH(grid, block, call) loopscape_emulate_launch((grid), (block), [&] { call; })
#endif
