#pragma once
#include <cuda_runtime.h>

namespace bvh {
// Scene bounds are reduced with these; namespaced so they never meet the toolkit's.
__device__ inline float atomicMax(float *addr, float v) {
  int *ai = reinterpret_cast<int *>(addr);
  int old = *ai;
  while (__int_as_float(old) < v) {
    int prev = atomicCAS(ai, old, __float_as_int(v));
    if (prev == old) break;
    old = prev;
  }
  return __int_as_float(old);
}
__device__ inline float atomicMin(float *addr, float v) {
  int *ai = reinterpret_cast<int *>(addr);
  int old = *ai;
  while (__int_as_float(old) > v) {
    int prev = atomicCAS(ai, old, __float_as_int(v));
    if (prev == old) break;
    old = prev;
  }
  return __int_as_float(old);
}

__global__ void reduce_bounds(const float3 *p, int n, float *lo, float *hi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicMin(lo, p[i].x);
  atomicMax(hi, p[i].x);
}
}  // namespace bvh
