// Block-wide reductions shared by the CUDA and ROCm builds.
#pragma once
#include <cuda_runtime.h>

#if defined(__HIP_PLATFORM_AMD__)
constexpr int kWarpSize = warpSize;
#else
constexpr int kWarpSize = 32;
#endif

template <int BLOCK>
__device__ float block_reduce_sum(float v) {
  static_assert(BLOCK % kWarpSize == 0, "block must be a whole number of warps");
  __shared__ float warp_sums[BLOCK / kWarpSize];
  const int lane = threadIdx.x % kWarpSize;
  const int wid = threadIdx.x / kWarpSize;
  for (int o = kWarpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  if (lane == 0) warp_sums[wid] = v;
  __syncthreads();
  v = threadIdx.x < BLOCK / kWarpSize ? warp_sums[threadIdx.x] : 0.f;
  if (wid == 0)
    for (int o = kWarpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
