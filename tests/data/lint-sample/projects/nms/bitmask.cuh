#pragma once
// Non-maximum suppression keeps a 64-bit mask per box.
__device__ inline int __ffsll(long long x) {
  unsigned lo = (unsigned)(x & 0xffffffffLL);
  unsigned hi = (unsigned)(x >> 32);
  return lo ? __ffs(lo) : (hi ? 32 + __ffs(hi) : 0);
}

__device__ inline double atomicMax(double *address, double val) {
  unsigned long long int *a = (unsigned long long int *)address;
  unsigned long long int old = *a, assumed;
  do {
    assumed = old;
    if (__longlong_as_double(assumed) >= val) break;
    old = atomicCAS(a, assumed, __double_as_longlong(val));
  } while (assumed != old);
  return __longlong_as_double(old);
}
