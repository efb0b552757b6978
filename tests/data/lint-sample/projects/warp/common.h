#pragma once
#include <cuda_runtime.h>

#define WARP_SIZE 32
#define FULL_MASK 0xffffffff
#define BLOCK_SIZE 256
#define WARPS_PER_BLOCK (BLOCK_SIZE / WARP_SIZE)

#define CUDA_CHECK(x)                                                   \
  do {                                                                  \
    cudaError_t e = (x);                                                \
    if (e != cudaSuccess) {                                             \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e),         \
             __FILE__, __LINE__);                                       \
      exit(1);                                                          \
    }                                                                   \
  } while (0)
