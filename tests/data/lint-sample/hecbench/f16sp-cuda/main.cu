// HeCBench f16sp-cuda/main.cu, lines 2-22, 132-159
 * Copyright 2015 NVIDIA Corporation.  All rights reserved.
 *
 * Please refer to the NVIDIA end user license agreement (EULA) associated
 * with this source code for terms and conditions that govern your use of
 * this software. Any use, reproduction, disclosure, or distribution of
 * this software and related documentation outside the terms of the EULA
 * is strictly prohibited.
 *
 */
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <chrono>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cub/cub.cuh>
#include <cublas_v2.h>
#include "kernels.h"

// The analytical result of dot product is 65504
void generateInput(half2 * a, size_t size)
// ...
    printf("Error rate: %e\n", fabsf(r - 65504.f)/65504.f);
  }

  printf("\n");
  // library-based dot product
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);

  cudaDataType xType, yType, rType, eType;
  xType = yType = rType = CUDA_R_16F;
  eType = CUDA_R_32F;

  // warmup
  for (int i = 0; i < 1000; i++) {
    cublasDotEx(h, size*2, (half*)d_a, xType, 1, (half*)d_b,
                yType, 1, d_r2, rType, eType);
  }
  cudaDeviceSynchronize();

  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < repeat; i++) {
    cublasDotEx(h, size*2, (half*)d_a, xType, 1, (half*)d_b,
                yType, 1, d_r2, rType, eType);
  }
  cudaDeviceSynchronize();
  auto end = std::chrono::steady_clock::now();
  auto time = std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count();