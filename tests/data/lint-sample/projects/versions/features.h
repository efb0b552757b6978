#pragma once
#include <cuda_runtime.h>
#include <cuda.h>

#if CUDART_VERSION >= 11000
#define HAS_ASYNC_ALLOC 1
#endif

#if defined(CUDA_VERSION) && CUDA_VERSION >= 11020
#include <cuda/pipeline>
#endif

#if __CUDACC_VER_MAJOR__ >= 11
#define HOST_DEVICE_LAMBDA __host__ __device__
#else
#define HOST_DEVICE_LAMBDA
#endif

#if CUDA_VERSION < 10000
#error "CUDA 10 or newer is required"
#endif

#if CUDART_VERSION >= 12000
#define USE_LAZY_LOADING 1
#else
#define USE_LAZY_LOADING 0
#endif
