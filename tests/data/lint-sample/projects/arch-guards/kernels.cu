#include <cuda_runtime.h>
#include <cuda_fp16.h>

__host__ __device__ inline int device_or_host() {
#ifdef __CUDA_ARCH__
  return 1;  // device pass
#else
  return 0;
#endif
}

__device__ inline float load_streaming(const float *p) {
#if __CUDA_ARCH__ >= 350
  return __ldg(p);
#else
  return *p;
#endif
}

__global__ void axpy_half(const __half *x, __half *y, __half a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#if __CUDA_ARCH__ >= 530
  y[i] = __hfma(a, x[i], y[i]);
#endif
}

__global__ void copy_async(const float4 *src, float4 *dst) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  __shared__ float4 stage[256];
  stage[threadIdx.x] = src[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  dst[blockIdx.x * 256 + threadIdx.x] = stage[threadIdx.x];
#else
  dst[blockIdx.x * 256 + threadIdx.x] = src[blockIdx.x * 256 + threadIdx.x];
#endif
}

template <typename T>
__host__ __device__ T clamp01(T v) {
#if defined(__CUDA_ARCH__)
  return __saturatef(v);
#else
  return v < T(0) ? T(0) : (v > T(1) ? T(1) : v);
#endif
}

__device__ void spin_until(volatile int *flag) {
#if __CUDA_ARCH__ >= 700
  while (*flag == 0) __nanosleep(100);
#else
  while (*flag == 0) {}
#endif
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#define HAS_NATIVE_DOUBLE_ATOMIC 1
#endif

__global__ void bf16_path(float *out) {
#if (__CUDA_ARCH__ >= 800) || !defined(__CUDA_ARCH__)
  out[threadIdx.x] = 1.0f;
#endif
}

#ifndef __HIP_PLATFORM_AMD__
__device__ unsigned smid_of() {
#ifdef __CUDA_ARCH__
  return 0;
#endif
  return 1;
}
#endif
