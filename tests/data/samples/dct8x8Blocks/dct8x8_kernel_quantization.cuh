/* Quantization of the DCT coefficients (cuda-samples
 * dct8x8_kernel_quantization.cuh): a __constant__ short table and the
 * rounding intrinsics. */
#pragma once

#include "Common.h"

__constant__ short Q[] = {
    32, 33, 51, 81, 66, 39, 34, 17, 33, 36, 48, 47, 28, 23, 12, 12,
    51, 48, 47, 28, 23, 12, 12, 12, 81, 47, 28, 23, 12, 12, 12, 12,
    66, 28, 23, 12, 12, 12, 12, 12, 39, 23, 12, 12, 12, 12, 12, 12,
    34, 12, 12, 12, 12, 12, 12, 12, 17, 12, 12, 12, 12, 12, 12, 12};

__global__ void CUDAkernelQuantizationFloat(float *SrcDst, int Stride) {
  // Block index
  int bx = blockIdx.x;
  int by = blockIdx.y;

  // Thread index (current coefficient)
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  // copy current coefficient to the local variable
  float curCoef = SrcDst[(by * BLOCK_SIZE + ty) * Stride + (bx * BLOCK_SIZE + tx)];
  float curQuant = (float)Q[ty * BLOCK_SIZE + tx];

  // quantize the current coefficient
  float quantized = roundf(curCoef / curQuant);
  curCoef = quantized * curQuant;

  // copy quantized coefficient back to the DCT-plane
  SrcDst[(by * BLOCK_SIZE + ty) * Stride + (bx * BLOCK_SIZE + tx)] = curCoef;
}

__global__ void CUDAkernelQuantizationShort(short *SrcDst, int Stride) {
  // Block index
  int bx = blockIdx.x;
  int by = blockIdx.y;

  // Thread index (current coefficient)
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  // copy current coefficient to the local variable
  short curCoef = SrcDst[(by * BLOCK_SIZE + ty) * Stride + (bx * BLOCK_SIZE + tx)];
  short curQuant = Q[ty * BLOCK_SIZE + tx];

  // quantize the current coefficient
  if (curCoef < 0) {
    curCoef = -curCoef;
    curCoef += curQuant >> 1;
    curCoef /= curQuant;
    curCoef = -curCoef;
  } else {
    curCoef += curQuant >> 1;
    curCoef /= curQuant;
  }

  __syncthreads();

  curCoef = curCoef * curQuant;

  // copy quantized coefficient back to the DCT-plane
  SrcDst[(by * BLOCK_SIZE + ty) * Stride + (bx * BLOCK_SIZE + tx)] =
      (short)__float2int_rn(__int2float_rn(curCoef) * __frcp_rn(1.0f)) ;
}
