// utils.h -- shared by the .cu and .cpp files of the homework (GPU course, assignment 2)
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#if defined(__CUDACC__)
#define HOST_DEVICE __host__ __device__
#else
#define HOST_DEVICE
#endif

// Wrap every runtime call.
#define CHECK(call)                                                           \
  do {                                                                        \
    const cudaError_t error_code = (call);                                    \
    if (error_code != cudaSuccess) {                                          \
      fprintf(stderr, "CUDA Error:\n    File: %s\n    Line: %d\n"            \
              "    Error code: %d\n    Error text: %s\n",                    \
              __FILE__, __LINE__, error_code, cudaGetErrorString(error_code)); \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

#define CHECK_LAST_KERNEL() CHECK(cudaGetLastError())

// Launch a kernel and check the launch; the arguments follow the block size.
#define LAUNCH(kernel, grid, block, ...)                \
  do {                                                  \
    kernel<<<(grid), (block)>>>(__VA_ARGS__);           \
    CHECK_LAST_KERNEL();                                \
  } while (0)

// Same, with dynamic shared memory and a stream.
#define LAUNCH_ASYNC(kernel, grid, block, shmem, stream, ...) \
  kernel<<<grid, block, shmem, stream>>>(__VA_ARGS__)

// Only the configuration: the caller writes the arguments.
#define KERNEL_CONFIG(grid, block) <<<(grid), (block)>>>

#define DIV_UP(a, b) (((a) + (b) - 1) / (b))

HOST_DEVICE inline float saxpy_op(float a, float x, float y) { return a * x + y; }

HOST_DEVICE inline float clampf(float v, float lo, float hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

class CpuTimer {
 public:
  void start() { t0_ = std::chrono::steady_clock::now(); }
  double stop_ms() const {
    auto t1 = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(t1 - t0_).count();
  }

 private:
  std::chrono::steady_clock::time_point t0_;
};

// Implemented in kernels.cu.
double gpu_saxpy(float a, const float *x, float *y, int n);
float gpu_sum(const float *x, int n);
void gpu_clamp_scale(float *data, int n, float scale);
