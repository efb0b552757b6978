#pragma once
#include <cuda_runtime.h>

__device__ __forceinline__ float atomicMax(float *addr, float val) {
  int *a = (int *)addr;
  int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ __forceinline__ float atomicMin(float *addr, float val) {
  int *a = (int *)addr;
  int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(fminf(val, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}

__device__ __forceinline__ double atomicMax(double *addr, double val) {
  unsigned long long *a = (unsigned long long *)addr;
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __double_as_longlong(fmax(val, __longlong_as_double(assumed))));
  } while (assumed != old);
  return __longlong_as_double(old);
}

#ifndef __HIP_PLATFORM_AMD__
__device__ __forceinline__ double atomicMin(double *addr, double val) {
  unsigned long long *a = (unsigned long long *)addr;
  unsigned long long old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __double_as_longlong(fmin(val, __longlong_as_double(assumed))));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif

__device__ __forceinline__ int __ffsll(unsigned long long x) { return __ffs((unsigned)x) ? __ffs((unsigned)x) : (__ffs((unsigned)(x >> 32)) ? 32 + __ffs((unsigned)(x >> 32)) : 0); }
