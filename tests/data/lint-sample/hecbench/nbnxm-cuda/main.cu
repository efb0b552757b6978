// HeCBench nbnxm-cuda/main.cu, lines 1-17
#include <chrono>
#include <iostream>
#include <cuda.h>
#include "vectypes.h"

typedef float2 Float2;
typedef gmx::BasicVector<float> Float3;
typedef float4 Float4;

#include "constants.h"

#if (CUDART_VERSION >= 9000)
#define __shfl_up(v, d) __shfl_up_sync(0xffffffff, v, d)
#define __shfl_down(v, d) __shfl_down_sync(0xffffffff, v, d)
#endif

inline __device__ void operator+=(float4 &a, float4 b)