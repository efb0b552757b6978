// launch.cuh -- a small project's launch helpers: every kernel goes through
// one of these, so the error check and the timing live in one place.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include <cuda_runtime.h>
#include <cooperative_groups.h>

#define CUDA_CHECK(expr)                                                   \
  do {                                                                     \
    cudaError_t status_ = (expr);                                          \
    if (status_ != cudaSuccess) {                                          \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,   \
                   #expr, cudaGetErrorString(status_));                    \
      std::abort();                                                        \
    }                                                                      \
  } while (false)

namespace gpu {

struct LaunchConfig {
  dim3 grid;
  dim3 block;
  size_t shared_bytes = 0;
  cudaStream_t stream = nullptr;
};

inline LaunchConfig linear_config(size_t n, unsigned block = 256,
                                  cudaStream_t stream = nullptr) {
  LaunchConfig cfg;
  cfg.block = dim3(block);
  cfg.grid = dim3(static_cast<unsigned>((n + block - 1) / block));
  cfg.stream = stream;
  return cfg;
}

// Launch through the chevrons with the argument pack.
template <typename... Params, typename... Args>
void launch(const LaunchConfig &cfg, void (*kernel)(Params...), Args &&...args) {
  kernel<<<cfg.grid, cfg.block, cfg.shared_bytes, cfg.stream>>>(
      std::forward<Args>(args)...);
  CUDA_CHECK(cudaGetLastError());
}

// Launch through the runtime with an array of argument addresses.
template <typename... Params>
void launch_runtime(const LaunchConfig &cfg, void (*kernel)(Params...),
                    Params... args) {
  void *argv[] = {static_cast<void *>(&args)...};
  CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void *>(kernel), cfg.grid,
                              cfg.block, argv, cfg.shared_bytes, cfg.stream));
}

// A cooperative launch sized to fill the device.
template <typename... Params>
void launch_cooperative(void (*kernel)(Params...), unsigned block,
                        size_t shared_bytes, Params... args) {
  int device = 0, sms = 0, per_sm = 0, supported = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, device));
  if (!supported) {
    std::fprintf(stderr, "cooperative launch not supported\n");
    std::exit(EXIT_FAILURE);
  }
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, kernel, static_cast<int>(block), shared_bytes));
  void *argv[] = {static_cast<void *>(&args)...};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void *>(kernel),
                                         dim3(sms * per_sm), dim3(block), argv,
                                         shared_bytes));
}

// Time a callable with events on the default stream, in milliseconds.
template <typename F>
float time_ms(F &&f, int repeat = 10) {
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start));
  for (int i = 0; i < repeat; ++i) f();
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return ms / repeat;
}

}  // namespace gpu
