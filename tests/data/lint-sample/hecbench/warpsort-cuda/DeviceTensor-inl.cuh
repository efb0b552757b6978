// HeCBench warpsort-cuda/cuda/DeviceTensor-inl.cuh, lines 1-12, 485-505
// Copyright 2004-present Facebook. All Rights Reserved.
#pragma once

#include <assert.h>
#include <sstream>

#ifndef __CUDA_ARCH__
// host code
#include <stdexcept>
#endif

namespace facebook { namespace cuda {
// ...
  return DeviceTensor<T, SubDim, IndexT, PtrTraits>(at, viewSizes, viewStrides);
}

template <typename T, int Dim,
          typename IndexT, template <typename U> class PtrTraits>
template <int SubDim>
__host__ __device__ DeviceTensor<T, SubDim, IndexT, PtrTraits>
DeviceTensor<T, Dim, IndexT, PtrTraits>::view() {
  return view<SubDim>(data_);
}

template <typename T, int Dim,
          typename IndexT, template <typename U> class PtrTraits>
void
DeviceTensor<T, Dim, IndexT, PtrTraits>::zero(cudaStream_t stream) {
#ifndef __CUDA_ARCH__
  if (!isContiguous()) {
    throw std::invalid_argument("fillAsync only works on contiguous data");
  }
#endif
