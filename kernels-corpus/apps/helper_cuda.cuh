// Local helper header shared by the programs in apps/ (the "helper header" pattern of real projects):
// error-check macros, an RAII device buffer, an event timer, and launch helpers.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace app {

inline void checkCuda(cudaError_t result, const char* expr, const char* file, int line) {
  if (result != cudaSuccess) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, (int)result,
            cudaGetErrorString(result), expr);
    exit(EXIT_FAILURE);
  }
}

inline void checkLastError(const char* msg, const char* file, int line) {
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    fprintf(stderr, "%s:%d: %s: %s\n", file, line, msg, cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}

__host__ __device__ constexpr int ceilDiv(int a, int b) { return (a + b - 1) / b; }

template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t count) : count_(count) {
    checkCuda(cudaMalloc(&ptr_, count * sizeof(T)), "cudaMalloc", __FILE__, __LINE__);
  }
  ~DeviceBuffer() { cudaFree(ptr_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  T* get() const { return ptr_; }
  size_t size() const { return count_; }
  size_t bytes() const { return count_ * sizeof(T); }
  void upload(const T* host) {
    checkCuda(cudaMemcpy(ptr_, host, bytes(), cudaMemcpyHostToDevice), "upload", __FILE__, __LINE__);
  }
  void download(T* host) const {
    checkCuda(cudaMemcpy(host, ptr_, bytes(), cudaMemcpyDeviceToHost), "download", __FILE__, __LINE__);
  }
  void zero() { checkCuda(cudaMemset(ptr_, 0, bytes()), "zero", __FILE__, __LINE__); }

 private:
  T* ptr_ = nullptr;
  size_t count_;
};

// Times GPU work with events; programs print only whether the time is sane.
class GpuTimer {
 public:
  GpuTimer() {
    cudaEventCreate(&start_);
    cudaEventCreate(&stop_);
  }
  ~GpuTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  void start(cudaStream_t s = 0) { cudaEventRecord(start_, s); }
  void stop(cudaStream_t s = 0) { cudaEventRecord(stop_, s); }
  float elapsedMs() {
    float ms = -1.0f;
    cudaEventSynchronize(stop_);
    cudaEventElapsedTime(&ms, start_, stop_);
    return ms;
  }

 private:
  cudaEvent_t start_, stop_;
};

}  // namespace app

#define CUDA_CHECK(val) ::app::checkCuda((val), #val, __FILE__, __LINE__)
#define CHECK_LAST(msg) ::app::checkLastError((msg), __FILE__, __LINE__)
#define LAUNCH_1D(kernel, n, threads, ...) \
  kernel<<<::app::ceilDiv((n), (threads)), (threads)>>>(__VA_ARGS__)
