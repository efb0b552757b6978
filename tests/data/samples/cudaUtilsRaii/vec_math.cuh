// Small vector math shared by host reference code and kernels.
#pragma once

#include <cmath>

#include "cuda_utils.cuh"

namespace cu {

CU_HD inline float dot3(const float3 &a, const float3 &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

CU_HD inline float3 axpy3(float s, const float3 &x, const float3 &y) {
  return make_float3(s * x.x + y.x, s * x.y + y.y, s * x.z + y.z);
}

CU_HD inline float clampf(float v, float lo, float hi) { return fminf(fmaxf(v, lo), hi); }

template <typename T>
CU_HD inline T sqr(T v) {
  return v * v;
}

}  // namespace cu
