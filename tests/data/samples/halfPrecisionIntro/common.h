// common.h -- shared by the lessons of a half-precision tutorial
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    if (abort) exit(code);
  }
}

// Fill with values that are exact in half precision.
inline void init_half(half *p, int n, float step) {
  for (int i = 0; i < n; ++i) p[i] = __float2half((i % 64) * step);
}

// Largest elementwise difference, computed in half as the GPU does.
inline float max_diff(const half *a, const half *b, int n) {
  half worst = __float2half(0.0f);
  for (int i = 0; i < n; ++i) {
    half d = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
    if (d > worst) worst = d;
  }
  return __half2float(worst);
}
