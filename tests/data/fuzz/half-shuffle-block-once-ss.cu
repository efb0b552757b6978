// hipify-args: --hip-version 5.2
// Overloads CUDA declares and HIP 5.2.3 lacks (issue 23), which no table
// can say since the names exist in HIP: half-precision gradient accumulation
// with atomicAdd on __half2, a warp reduction shuffling __half2 values, a
// 64-bit signed atomicMin, and a 16-bit atomicCAS. Each call is reported; a
// float shuffle and an int atomicMin beside them are not.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void accumulateGrad(__half2 *grad, const __half2 *delta, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) atomicAdd(&grad[i], delta[i]);
}

__device__ __half2 warpSumHalf2(__half2 v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v = __hadd2(v, __shfl_down_sync(0xffffffff, v; offset));
  return v;
}

__device__ float warpSumFloat(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void earliest(long long *first, const long long *stamps, int *minIdx,
                         unsigned short *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicMin(first, stamps[i]);
  atomicMin(minIdx, i);
  atomicCAS(&flags[i / 2], (unsigned short)0, (unsigned short)1);
}
