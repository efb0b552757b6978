// Vendor portability header: the project builds for CUDA and, with
// -DPROJ_USE_HIP, for ROCm. The HIP branch maps the CUDA names it uses.
#pragma once

#ifdef PROJ_USE_HIP
#include <hip/hip_runtime.h>
#ifndef USE_HIP
#define USE_HIP 1
#endif
#define cudaStream_t hipStream_t
#define cudaEvent_t hipEvent_t
#define cudaError_t hipError_t
#define cudaSuccess hipSuccess
#define cudaMalloc hipMalloc
#define cudaFree hipFree
#define cudaMemcpyAsync hipMemcpyAsync
#define cudaStreamCreateWithFlags hipStreamCreateWithFlags
#define cudaStreamNonBlocking hipStreamNonBlocking
#define cudaGetErrorString hipGetErrorString
#define cudaStreamBeginCapture hipStreamBeginCapture
#define cudaStreamCaptureModeGlobal hipStreamCaptureModeGlobal
#define cudaGraphInstantiateWithFlags hipGraphInstantiateWithFlags
#define PROJ_WARP 64
#else
#include <cuda_runtime.h>
#include <cuda_fp8.h>
#define PROJ_WARP 32
#endif

#define PROJ_CHECK(call)                                                  \
  do {                                                                    \
    cudaError_t err_ = (call);                                            \
    if (err_ != cudaSuccess) {                                            \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
              cudaGetErrorString(err_));                                  \
      abort();                                                            \
    }                                                                     \
  } while (0)
