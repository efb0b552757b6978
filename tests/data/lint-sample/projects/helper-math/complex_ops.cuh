// Complex numbers as float2/double2 and quaternions as float4.
#pragma once
#include <cuda_runtime.h>

__host__ __device__ inline void operator*=(float2 &a, float2 b) {
  float re = a.x * b.x - a.y * b.y;
  a.y = a.x * b.y + a.y * b.x;
  a.x = re;
}
__host__ __device__ inline void operator/=(float2 &a, float2 b) {
  float d = b.x * b.x + b.y * b.y;
  float re = (a.x * b.x + a.y * b.y) / d;
  a.y = (a.y * b.x - a.x * b.y) / d;
  a.x = re;
}
__host__ __device__ inline void operator*=(double2 &a, double2 b) {
  double re = a.x * b.x - a.y * b.y;
  a.y = a.x * b.y + a.y * b.x;
  a.x = re;
}
__host__ __device__ inline void operator/=(double2 &a, double2 b) {
  double d = b.x * b.x + b.y * b.y;
  double re = (a.x * b.x + a.y * b.y) / d;
  a.y = (a.y * b.x - a.x * b.y) / d;
  a.x = re;
}
// Hamilton product.
__host__ __device__ inline void operator*=(float4 &q, float4 r) {
  float4 t;
  t.w = q.w * r.w - q.x * r.x - q.y * r.y - q.z * r.z;
  t.x = q.w * r.x + q.x * r.w + q.y * r.z - q.z * r.y;
  t.y = q.w * r.y - q.x * r.z + q.y * r.w + q.z * r.x;
  t.z = q.w * r.z + q.x * r.y - q.y * r.x + q.z * r.w;
  q = t;
}
__host__ __device__ inline void operator*=(double4 &q, double4 r) {
  double4 t;
  t.w = q.w * r.w - q.x * r.x - q.y * r.y - q.z * r.z;
  t.x = q.w * r.x + q.x * r.w + q.y * r.z - q.z * r.y;
  t.y = q.w * r.y - q.x * r.z + q.y * r.w + q.z * r.x;
  t.z = q.w * r.z + q.x * r.y - q.y * r.x + q.z * r.w;
  q = t;
}
// Wrap-around add for packed 8-bit indices.
__host__ __device__ inline void operator+=(char4 &a, char4 b) {
  a.x = (a.x + b.x) & 0x7f; a.y = (a.y + b.y) & 0x7f;
  a.z = (a.z + b.z) & 0x7f; a.w = (a.w + b.w) & 0x7f;
}

#if !defined(__HIPCC__)
// HIP provides these; CUDA does not.
__host__ __device__ inline void operator-=(uchar4 &a, uchar4 b) {
  a.x = a.x > b.x ? a.x - b.x : 0; a.y = a.y > b.y ? a.y - b.y : 0;
  a.z = a.z > b.z ? a.z - b.z : 0; a.w = a.w > b.w ? a.w - b.w : 0;
}
#endif

__device__ inline double atomicMin(double *address, double val) {
  unsigned long long *p = reinterpret_cast<unsigned long long *>(address);
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(fmin(val, __longlong_as_double(assumed))));
  } while (assumed != old);
  return __longlong_as_double(old);
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *address, double val) {
  unsigned long long *p = (unsigned long long *)address;
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif
