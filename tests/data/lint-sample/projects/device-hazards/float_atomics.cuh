// Float atomics vendored into a global header and an anonymous namespace:
// both are visible at file scope next to HIP's own.
#pragma once
#include <cuda_runtime.h>

__device__ __forceinline__ double atomicMax(double *address, double val) {
  unsigned long long *p = (unsigned long long *)address;
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(fmax(val, __longlong_as_double(assumed))));
  } while (assumed != old);
  return __longlong_as_double(old);
}

namespace {
__device__ float atomicMin(float *address, float val) {
  int *p = (int *)address;
  int old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __float_as_int(fminf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}
}  // namespace
