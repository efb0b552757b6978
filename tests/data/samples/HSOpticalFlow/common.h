/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3-Clause: see LICENSE) */
#ifndef COMMON_H
#define COMMON_H

#include <cuda_runtime.h>
#include <helper_cuda.h>

///////////////////////////////////////////////////////////////////////////////
// Common constants
///////////////////////////////////////////////////////////////////////////////
const int StrideAlignment = 32;

///////////////////////////////////////////////////////////////////////////////
// Common functions
///////////////////////////////////////////////////////////////////////////////

// Align up n to the nearest multiple of m
inline int iAlignUp(int n, int m = StrideAlignment) {
  int mod = n % m;

  if (mod)
    return n + m - mod;
  else
    return n;
}

// round up n/m
inline int iDivUp(int n, int m) { return (n + m - 1) / m; }

// swap two values
template <typename T>
inline void Swap(T &a, T &b) {
  T t = a;
  a = b;
  b = t;
}
#endif
