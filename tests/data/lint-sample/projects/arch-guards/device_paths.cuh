// Device/host splits and capability tests as libraries write them.
#pragma once
#include <cuda_runtime.h>
#include <stdexcept>

__host__ __device__ inline void fail(const char* msg) {
#ifdef __CUDA_ARCH__
  __trap();
#else
  throw std::runtime_error(msg);
#endif
}

__host__ __device__ inline int thread_slot() {
#if !defined(__CUDA_ARCH__)
  return 0;  // host: one slot
#else
  return threadIdx.x & 31;
#endif
}

__device__ inline void fence_acq_rel() {
#if __CUDA_ARCH__ >= 700
  __threadfence();
#endif
}
