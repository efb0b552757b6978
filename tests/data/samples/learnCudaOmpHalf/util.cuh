// Learn CUDA Programming (Packt) style helpers: a checkCudaErrors shim, an
// fp16 fill kernel and a stream operator class.
#pragma once
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define checkCudaErrors(call)                                                               \
  do {                                                                                      \
    cudaError_t err = call;                                                                 \
    if (err != cudaSuccess) {                                                               \
      printf("CUDA error at %s %d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err));     \
      exit(EXIT_FAILURE);                                                                   \
    }                                                                                       \
  } while (0)

#define BLOCK_DIM 256

template <typename T>
__global__ void fill_kernel(T *buf, int n, float value) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n) buf[idx] = static_cast<T>(value);
}

template <>
__global__ void fill_kernel<half2>(half2 *buf, int n, float value) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n) buf[idx] = __float2half2_rn(value);
}
