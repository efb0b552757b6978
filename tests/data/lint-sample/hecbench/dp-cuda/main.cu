// HeCBench dp-cuda/main.cu, lines 12-32, 137-172
// *********************************************************************
// A simple demo application that implements a
// vector dot product computation between two arrays.
//
// Runs computations with on the GPU device and then checks results
// *********************************************************************

#include <stdio.h>
#include <stdlib.h>
#include <chrono>
#include <cmath>
#include <numeric>
#include <execution>
#include <random>
#include <cuda.h>
#include <cub/cub.cuh>
#include <cublas_v2.h>
#include "shrUtils.h"

inline void GPU_CHECK(cudaError_t status) {
  if (status != cudaSuccess) {
// ...
  printf("%s\n\n", dst == dst_ref ? "PASS" : "FAIL");

  cublasHandle_t h;
  BLAS_CHECK(cublasCreate(&h));
  BLAS_CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));

  // warmup
  for (i = 0; i < 100; i++) {
    cudaDataType xType, yType, rType, eType;
    if constexpr (std::is_same<T, double>::value) {
      xType = yType = rType = eType = CUDA_R_64F;
    } else if constexpr (std::is_same<T, float>::value) {
      xType = yType = rType = eType = CUDA_R_32F;
    }

    BLAS_CHECK(cublasDotEx(h, iNumElements, d_srcA, xType, 1, d_srcB,
                           yType, 1, d_dst, rType, eType));
  }

  GPU_CHECK(cudaDeviceSynchronize());
  start = std::chrono::steady_clock::now();

  for (i = 0; i < (size_t)iNumIterations; i++) {
    cudaDataType xType, yType, rType, eType;
    if constexpr (std::is_same<T, double>::value) {
      xType = yType = rType = eType = CUDA_R_64F;
    } else if constexpr (std::is_same<T, float>::value) {
      xType = yType = rType = eType = CUDA_R_32F;
    }

    BLAS_CHECK(cublasDotEx(h, iNumElements, d_srcA, xType, 1, d_srcB,
                           yType, 1, d_dst, rType, eType));
  }

  GPU_CHECK(cudaDeviceSynchronize());
  end = std::chrono::steady_clock::now();