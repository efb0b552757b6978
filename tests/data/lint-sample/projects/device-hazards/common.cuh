// Shared constants of the project (after the layout of many kernel libraries).
#pragma once
#include <cuda_runtime.h>

#ifndef WARP_SIZE
#define WARP_SIZE 32U
#endif
#define FULL_MASK 0xffffffffu
#define BLOCK_THREADS 256

#define CUDA_CHECK(call)                                                   \
  do {                                                                     \
    cudaError_t err_ = (call);                                             \
    if (err_ != cudaSuccess) {                                             \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__,                    \
              cudaGetErrorString(err_));                                   \
      exit(1);                                                             \
    }                                                                      \
  } while (0)
