// The project's own HIP layer, ggml-style.
#pragma once
#include <hip/hip_runtime.h>
#define cudaError_t hipError_t
#define cudaStream_t hipStream_t
#define cudaStreamSynchronize hipStreamSynchronize
#define cudaGetErrorString hipGetErrorString
#define cudaSuccess hipSuccess
#define cudaMalloc myHipMallocTracked
#define cudaStreamAttrValue hipLaunchAttributeValue
