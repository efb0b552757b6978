// Wavefront-level inclusive scan for the AMD build (compiled by hipcc only).
#pragma once
#include <type_traits>

#if defined(__HIPCC__)
namespace wave {

enum : int { kLanes = warpSize, kLogLanes = (warpSize == 64) ? 6 : 5 };

using lanes_t = std::integral_constant<int, warpSize>;

template <typename T>
__device__ T inclusive_scan(T v) {
  const int lane = __lane_id();
  for (int o = 1; o < kLanes; o <<= 1) {
    T n = __shfl_up(v, o);
    if (lane >= o) v += n;
  }
  return v;
}

template <typename T>
__device__ T segment_scan(T v) {
  if constexpr (warpSize == 64) {
    v = inclusive_scan(v);
  }
  return v;
}

__global__ void __launch_bounds__(4 * warpSize) scan_rows(const int *in, int *out) {
  __shared__ int carry[1024 / warpSize];
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  v = inclusive_scan(v);
  if (__lane_id() == warpSize - 1) carry[threadIdx.x / warpSize] = v;
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

}  // namespace wave
#endif
