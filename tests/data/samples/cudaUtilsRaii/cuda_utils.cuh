// Header-only helpers of a small CUDA project: an exception-throwing
// CUDA_CHECK, RAII owners for device, pinned and stream/event handles, and
// launch-shape helpers. Included by .cu and .cpp files alike.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#ifdef __CUDACC__
#define CU_HD __host__ __device__
#else
#define CU_HD
#endif

namespace cu {

class CudaError : public std::runtime_error {
 public:
  CudaError(cudaError_t code, const char *expr, const char *file, int line)
      : std::runtime_error(describe(code, expr, file, line)), code_(code) {}
  cudaError_t code() const noexcept { return code_; }

 private:
  static std::string describe(cudaError_t code, const char *expr, const char *file, int line) {
    std::ostringstream os;
    os << file << ":" << line << ": " << expr << " failed: " << cudaGetErrorName(code) << " ("
       << cudaGetErrorString(code) << ")";
    return os.str();
  }
  cudaError_t code_;
};

inline void check(cudaError_t code, const char *expr, const char *file, int line) {
  if (code != cudaSuccess) throw CudaError(code, expr, file, line);
}

}  // namespace cu

#define CUDA_CHECK(expr) ::cu::check((expr), #expr, __FILE__, __LINE__)
#define CUDA_CHECK_LAST() ::cu::check(cudaPeekAtLastError(), "kernel launch", __FILE__, __LINE__)

namespace cu {

template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t n) : size_(n) {
    if (n) CUDA_CHECK(cudaMalloc(&ptr_, n * sizeof(T)));
  }
  ~DeviceBuffer() {
    if (ptr_) cudaFree(ptr_);  // no throw from a destructor
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  DeviceBuffer(DeviceBuffer &&o) noexcept
      : ptr_(std::exchange(o.ptr_, nullptr)), size_(std::exchange(o.size_, 0)) {}
  DeviceBuffer &operator=(DeviceBuffer &&o) noexcept {
    if (this != &o) {
      if (ptr_) cudaFree(ptr_);
      ptr_ = std::exchange(o.ptr_, nullptr);
      size_ = std::exchange(o.size_, 0);
    }
    return *this;
  }

  T *data() noexcept { return ptr_; }
  const T *data() const noexcept { return ptr_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t bytes() const noexcept { return size_ * sizeof(T); }

  void upload(const T *host, cudaStream_t stream = 0) {
    CUDA_CHECK(cudaMemcpyAsync(ptr_, host, bytes(), cudaMemcpyHostToDevice, stream));
  }
  void upload(const std::vector<T> &host, cudaStream_t stream = 0) { upload(host.data(), stream); }
  void download(T *host, cudaStream_t stream = 0) const {
    CUDA_CHECK(cudaMemcpyAsync(host, ptr_, bytes(), cudaMemcpyDeviceToHost, stream));
  }
  std::vector<T> to_host() const {
    std::vector<T> h(size_);
    CUDA_CHECK(cudaMemcpy(h.data(), ptr_, bytes(), cudaMemcpyDeviceToHost));
    return h;
  }
  void zero(cudaStream_t stream = nullptr) { CUDA_CHECK(cudaMemsetAsync(ptr_, 0, bytes(), stream)); }

 private:
  T *ptr_ = nullptr;
  std::size_t size_ = 0;
};

template <typename T>
class PinnedBuffer {
 public:
  explicit PinnedBuffer(std::size_t n) : size_(n) {
    CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void **>(&ptr_), n * sizeof(T), cudaHostAllocPortable));
  }
  ~PinnedBuffer() { cudaFreeHost(ptr_); }
  PinnedBuffer(const PinnedBuffer &) = delete;
  PinnedBuffer &operator=(const PinnedBuffer &) = delete;
  T &operator[](std::size_t i) { return ptr_[i]; }
  T *data() { return ptr_; }
  std::size_t size() const { return size_; }

 private:
  T *ptr_ = nullptr;
  std::size_t size_;
};

class Stream {
 public:
  explicit Stream(unsigned int flags = cudaStreamNonBlocking) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, flags));
  }
  ~Stream() { cudaStreamDestroy(stream_); }
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;
  operator cudaStream_t() const { return stream_; }
  void sync() const { CUDA_CHECK(cudaStreamSynchronize(stream_)); }

 private:
  cudaStream_t stream_{};
};

class Event {
 public:
  Event() { CUDA_CHECK(cudaEventCreate(&event_)); }
  ~Event() { cudaEventDestroy(event_); }
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;
  void record(cudaStream_t stream = 0) { CUDA_CHECK(cudaEventRecord(event_, stream)); }
  float ms_since(const Event &start) const {
    float ms = 0.f;
    CUDA_CHECK(cudaEventSynchronize(event_));
    CUDA_CHECK(cudaEventElapsedTime(&ms, start.event_, event_));
    return ms;
  }

 private:
  cudaEvent_t event_{};
};

inline int device_count() {
  int n = 0;
  CUDA_CHECK(cudaGetDeviceCount(&n));
  return n;
}

inline int sm_count(int device = -1) {
  if (device < 0) CUDA_CHECK(cudaGetDevice(&device));
  int n = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, device));
  return n;
}

CU_HD inline unsigned int div_up(std::size_t n, unsigned int d) {
  return static_cast<unsigned int>((n + d - 1) / d);
}

}  // namespace cu
