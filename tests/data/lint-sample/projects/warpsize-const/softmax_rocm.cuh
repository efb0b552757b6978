// Warp-per-row softmax; the ROCm build uses the wavefront width.
#pragma once
#include <cfloat>

#ifdef USE_ROCM
#define SOFTMAX_WARP warpSize
#else
#define SOFTMAX_WARP 32
#endif

#ifdef USE_ROCM
template <typename T, int ELEMS>
__global__ void softmax_warp(const T *in, T *out, int rows, int cols) {
  constexpr int kWarp = warpSize;
  constexpr int kIters = ELEMS / warpSize;
  __shared__ T row_max[warpSize];
  T vals[ELEMS / warpSize];
  int row = blockIdx.x * (blockDim.x / kWarp) + threadIdx.x / kWarp;
  int lane = threadIdx.x % kWarp;
  if (row >= rows) return;
  T m = -FLT_MAX;
  for (int i = 0; i < kIters; ++i) {
    int c = lane + i * kWarp;
    vals[i] = c < cols ? in[row * cols + c] : -FLT_MAX;
    m = max(m, vals[i]);
  }
  row_max[lane] = m;
  for (int i = 0; i < kIters; ++i) {
    int c = lane + i * kWarp;
    if (c < cols) out[row * cols + c] = expf(vals[i] - m);
  }
}

template <int N>
struct WarpArray {
  float v[N];
};
using LaneBuffer = WarpArray<warpSize>;
static_assert(sizeof(LaneBuffer) == warpSize * sizeof(float), "packed");
#endif
