/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Interval Newton: the roots of a polynomial enclosed by a recursive
// branch-and-bound on the device, with a global-memory stack per thread and
// a __host__ __device__ interval class template.

#include <stdio.h>
#include <algorithm>
#include <vector>

#include <helper_cuda.h>
#include <helper_functions.h>

#include "cuda_interval_rounded_arith.h"

template <class T>
class interval_gpu {
 public:
  __device__ __host__ interval_gpu() {}
  __device__ __host__ interval_gpu(T const &v) : low(v), up(v) {}
  __device__ __host__ interval_gpu(T const &l, T const &u) : low(l), up(u) {}

  __device__ __host__ T const &lower() const { return low; }
  __device__ __host__ T const &upper() const { return up; }

  static __device__ __host__ interval_gpu empty() {
    return interval_gpu(T(1), T(0));
  }

 private:
  T low;
  T up;
};

template <class T>
inline __device__ interval_gpu<T> operator+(interval_gpu<T> const &x,
                                            interval_gpu<T> const &y) {
  rounded_arith<T> rnd;
  return interval_gpu<T>(rnd.add_down(x.lower(), y.lower()),
                         rnd.add_up(x.upper(), y.upper()));
}

template <class T>
inline __device__ interval_gpu<T> operator-(interval_gpu<T> const &x,
                                            interval_gpu<T> const &y) {
  rounded_arith<T> rnd;
  return interval_gpu<T>(rnd.sub_down(x.lower(), y.upper()),
                         rnd.sub_up(x.upper(), y.lower()));
}

template <class T>
inline __device__ interval_gpu<T> operator*(interval_gpu<T> const &x,
                                            interval_gpu<T> const &y) {
  rounded_arith<T> rnd;
  T a = rnd.mul_down(x.lower(), y.lower()), b = rnd.mul_down(x.lower(), y.upper());
  T c = rnd.mul_down(x.upper(), y.lower()), d = rnd.mul_down(x.upper(), y.upper());
  T e = rnd.mul_up(x.lower(), y.lower()), f = rnd.mul_up(x.lower(), y.upper());
  T g = rnd.mul_up(x.upper(), y.lower()), h = rnd.mul_up(x.upper(), y.upper());
  return interval_gpu<T>(rnd.min(rnd.min(a, b), rnd.min(c, d)),
                         rnd.max(rnd.max(e, f), rnd.max(g, h)));
}

template <class T>
inline __device__ interval_gpu<T> square(interval_gpu<T> const &x) {
  return x * x;
}

template <class T>
__device__ T width(interval_gpu<T> const &x) {
  rounded_arith<T> rnd;
  return rnd.sub_up(x.upper(), x.lower());
}

// f(x) = x^2 - c
template <class T>
__device__ interval_gpu<T> f(interval_gpu<T> const &x, T c) {
  return square(x) - interval_gpu<T>(c);
}

template <class T>
__device__ void newton_interval_recursive(interval_gpu<T> *result, int *nresults,
                                          interval_gpu<T> const &ix, T c,
                                          T epsilon, int depth,
                                          int maxDepth) {
  interval_gpu<T> fx = f(ix, c);
  if (fx.lower() > T(0) || fx.upper() < T(0)) return;
  if (width(ix) < epsilon || depth == maxDepth) {
    int slot = atomicAdd(nresults, 1);
    result[slot] = ix;
    return;
  }
  rounded_arith<T> rnd;
  T m = rnd.median(ix.lower(), ix.upper());
  newton_interval_recursive(result, nresults, interval_gpu<T>(ix.lower(), m), c,
                            epsilon, depth + 1, maxDepth);
  newton_interval_recursive(result, nresults, interval_gpu<T>(m, ix.upper()), c,
                            epsilon, depth + 1, maxDepth);
}

template <class T>
__global__ void test_interval_newton(interval_gpu<T> *results, int *nresults,
                                     interval_gpu<T> i, int maxDepth) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  T c = T(2) + T(t);
  newton_interval_recursive<T>(results + t * 64, nresults + t, i, c, T(1e-6),
                               0, maxDepth);
  if (t == 0) printf("thread 0: %d enclosures\n", nresults[0]);
}

typedef double T;

int main(int argc, char *argv[]) {
  const int THREADS = 128;
  const int BLOCK_SIZE = 32;
  int implementation_choice = 0;

  printf("[%s]  starting ...\n\n", argv[0]);

  if (checkCmdLineFlag(argc, (const char **)argv, "method")) {
    implementation_choice =
        getCmdLineArgumentInt(argc, (const char **)argv, "method");
  }

  int devID = findCudaDevice(argc, (const char **)argv);

  // The recursion needs more than the default per-thread stack.
  size_t stackSize = 0;
  checkCudaErrors(cudaDeviceGetLimit(&stackSize, cudaLimitStackSize));
  printf("> default stack size %zu bytes\n", stackSize);
  checkCudaErrors(cudaDeviceSetLimit(cudaLimitStackSize, 8192));
  checkCudaErrors(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 20));
  size_t heap = 0;
  checkCudaErrors(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  printf("> malloc heap %zu bytes, method %d\n", heap, implementation_choice);

  interval_gpu<T> *d_result;
  int *d_nresults;
  std::vector<int> h_nresults(THREADS);
  std::vector<interval_gpu<T>> h_result(THREADS * 64);

  checkCudaErrors(
      cudaMalloc((void **)&d_result, THREADS * 64 * sizeof(*d_result)));
  checkCudaErrors(cudaMalloc((void **)&d_nresults, THREADS * sizeof(int)));
  checkCudaErrors(cudaMemset(d_nresults, 0, THREADS * sizeof(int)));

  StopWatchInterface *timer = 0;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);

  test_interval_newton<T><<<THREADS / BLOCK_SIZE, BLOCK_SIZE>>>(
      d_result, d_nresults, interval_gpu<T>(0.01, 4.0), 24);
  getLastCudaError("test_interval_newton failed");
  checkCudaErrors(cudaDeviceSynchronize());

  sdkStopTimer(&timer);
  printf("GPU time: %f ms\n", sdkGetTimerValue(&timer));
  sdkDeleteTimer(&timer);

  checkCudaErrors(cudaMemcpy(h_nresults.data(), d_nresults,
                             THREADS * sizeof(int), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(h_result.data(), d_result,
                             THREADS * 64 * sizeof(*d_result),
                             cudaMemcpyDeviceToHost));

  int most = *std::max_element(h_nresults.begin(), h_nresults.end());
  bool ok = std::all_of(h_nresults.begin(), h_nresults.end(),
                        [](int n) { return n > 0 && n <= 64; });
  printf("at most %d enclosures per thread; root 0 in [%.9f, %.9f]\n", most,
         h_result[0].lower(), h_result[0].upper());

  checkCudaErrors(cudaFree(d_result));
  checkCudaErrors(cudaFree(d_nresults));

  exit(ok ? EXIT_SUCCESS : EXIT_FAILURE);
}
