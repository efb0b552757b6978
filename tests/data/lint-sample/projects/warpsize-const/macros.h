// Portability macros (after PyTorch's c10/macros/Macros.h).
#pragma once

#if defined(USE_ROCM)
constexpr int C10_WARP_SIZE = warpSize;  // 64 on CDNA, 32 on RDNA
#else
constexpr int C10_WARP_SIZE = 32;
#endif

#if defined(USE_ROCM)
template <typename T>
struct WarpTile {
  T data[warpSize];
};

template <typename T, int N = warpSize>
__device__ void load_tile(WarpTile<T> &t, const T *p) {
  t.data[__lane_id() % N] = p[__lane_id()];
}

__device__ inline float lane_mean(float v) {
  __shared__ float scratch[warpSize];
  constexpr int lanes = warpSize;
  scratch[__lane_id() % lanes] = v;
  float s = 0.f;
  for (int i = 0; i < warpSize; ++i) s += scratch[i];
  return s / warpSize;
}

static_assert(warpSize % 32 == 0, "wavefronts are 32 or 64 lanes");
#endif
