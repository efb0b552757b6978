#pragma once
// Float min/max via the ordered-int trick (non-negative and negative halves).
__device__ __forceinline__ float atomicMax(float *address, float val) {
  return val >= 0 ? __int_as_float(atomicMax((int *)address, __float_as_int(val)))
                  : __uint_as_float(atomicMin((unsigned int *)address, __float_as_uint(val)));
}
__device__ __forceinline__ float atomicMin(float *address, float val) {
  return val >= 0 ? __int_as_float(atomicMin((int *)address, __float_as_int(val)))
                  : __uint_as_float(atomicMax((unsigned int *)address, __float_as_uint(val)));
}
