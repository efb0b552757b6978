/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Dynamic shared memory typed per element type (the samples' sharedmem.cuh):
// extern __shared__ arrays cannot be templated, so each type names its own.
#ifndef _SHAREDMEM_H_
#define _SHAREDMEM_H_

template <typename T>
struct SharedMemory {
  __device__ T *getPointer() {
    extern __device__ void error(void);
    error();
    return NULL;
  }
};

template <>
struct SharedMemory<int> {
  __device__ int *getPointer() {
    extern __shared__ int s_int[];
    return s_int;
  }
};

template <>
struct SharedMemory<unsigned int> {
  __device__ unsigned int *getPointer() {
    extern __shared__ unsigned int s_uint[];
    return s_uint;
  }
};

template <>
struct SharedMemory<float> {
  __device__ float *getPointer() {
    extern __shared__ float s_float[];
    return s_float;
  }
};
#endif
