/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Image denoising: a k-nearest-neighbours filter over a texture of uchar4
// pixels read back as normalized floats, packed into RGBA words.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_math.h>
#include "imageDenoising.h"

float Max(float x, float y) { return (x > y) ? x : y; }

float Min(float x, float y) { return (x < y) ? x : y; }

int iDivUp(int a, int b) { return ((a % b) != 0) ? (a / b + 1) : (a / b); }

__device__ float lerpf(float a, float b, float c) { return a + (b - a) * c; }

__device__ float vecLen(float4 a, float4 b) {
  return ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y) +
          (b.z - a.z) * (b.z - a.z));
}

__device__ TColor make_color(float r, float g, float b, float a) {
  return ((int)(a * 255.0f) << 24) | ((int)(b * 255.0f) << 16) |
         ((int)(g * 255.0f) << 8) | ((int)(r * 255.0f) << 0);
}

// Texture object and channel descriptor for image texture
cudaTextureObject_t texImage;
cudaChannelFormatDesc uchar4tex = cudaCreateChannelDesc<uchar4>();

// CUDA array descriptor
cudaArray *a_Src;

__global__ void Copy(TColor *dst, int imageW, int imageH,
                     cudaTextureObject_t texImage) {
  const int ix = blockDim.x * blockIdx.x + threadIdx.x;
  const int iy = blockDim.y * blockIdx.y + threadIdx.y;
  // Add half of a texel to always address exact texel centers
  const float x = (float)ix + 0.5f;
  const float y = (float)iy + 0.5f;

  if (ix < imageW && iy < imageH) {
    float4 fresult = tex2D<float4>(texImage, x, y);
    dst[imageW * iy + ix] = make_color(fresult.x, fresult.y, fresult.z, 0);
  }
}

__global__ void KNN(TColor *dst, int imageW, int imageH, float Noise,
                    float lerpC, cudaTextureObject_t texImage) {
  const int ix = blockDim.x * blockIdx.x + threadIdx.x;
  const int iy = blockDim.y * blockIdx.y + threadIdx.y;
  const float x = (float)ix + 0.5f;
  const float y = (float)iy + 0.5f;

  if (ix < imageW && iy < imageH) {
    // Normalized counter for the weight threshold
    float fCount = 0;
    // Total sum of pixel weights
    float sumWeights = 0;
    // Result accumulator
    float3 clr = {0, 0, 0};
    // Center of the KNN window
    float4 clr00 = tex2D<float4>(texImage, x, y);

    // Cycle through KNN window, surrounding (x, y) texel
    for (float i = -KNN_WINDOW_RADIUS; i <= KNN_WINDOW_RADIUS; i++)
      for (float j = -KNN_WINDOW_RADIUS; j <= KNN_WINDOW_RADIUS; j++) {
        float4 clrIJ = tex2D<float4>(texImage, x + j, y + i);
        float distanceIJ = vecLen(clr00, clrIJ);

        // Derive final weight from color distance
        float weightIJ = __expf(-(distanceIJ * Noise +
                                  (i * i + j * j) * INV_KNN_WINDOW_AREA));

        // Accumulate (x + j, y + i) texel color with computed weight
        clr.x += clrIJ.x * weightIJ;
        clr.y += clrIJ.y * weightIJ;
        clr.z += clrIJ.z * weightIJ;

        // Sum of weights for color normalization to [0..1] range
        sumWeights += weightIJ;

        // Update weight counter, if KNN weight for current window texel
        // exceeds the weight threshold
        fCount += (weightIJ > KNN_WEIGHT_THRESHOLD) ? INV_KNN_WINDOW_AREA : 0;
      }

    // Normalize result color by sum of weights
    sumWeights = 1.0f / sumWeights;
    clr.x *= sumWeights;
    clr.y *= sumWeights;
    clr.z *= sumWeights;

    // Choose LERP quotient basing on how many texels
    // within the KNN window exceeded the weight threshold
    float lerpQ = (fCount > KNN_LERP_THRESHOLD) ? lerpC : 1.0f - lerpC;

    // Write final result to global memory
    clr.x = lerpf(clr.x, clr00.x, lerpQ);
    clr.y = lerpf(clr.y, clr00.y, lerpQ);
    clr.z = lerpf(clr.z, clr00.z, lerpQ);
    dst[imageW * iy + ix] = make_color(__saturatef(clr.x), __saturatef(clr.y),
                                       __saturatef(clr.z), 0);
  }
}

extern "C" void cuda_Copy(TColor *d_dst, int imageW, int imageH,
                          cudaTextureObject_t texImage) {
  dim3 threads(BLOCKDIM_X, BLOCKDIM_Y);
  dim3 grid(iDivUp(imageW, BLOCKDIM_X), iDivUp(imageH, BLOCKDIM_Y));

  Copy<<<grid, threads>>>(d_dst, imageW, imageH, texImage);
  getLastCudaError("Copy() execution failed\n");
}

extern "C" void cuda_KNN(TColor *d_dst, int imageW, int imageH, float Noise,
                         float lerpC, cudaTextureObject_t texImage) {
  dim3 threads(BLOCKDIM_X, BLOCKDIM_Y);
  dim3 grid(iDivUp(imageW, BLOCKDIM_X), iDivUp(imageH, BLOCKDIM_Y));

  KNN<<<grid, threads>>>(d_dst, imageW, imageH, Noise, lerpC, texImage);
  getLastCudaError("KNN() execution failed\n");
}

extern "C" cudaError_t CUDA_MallocArray(uchar4 **h_Src, int imageW,
                                        int imageH) {
  cudaError_t error;

  error = cudaMallocArray(&a_Src, &uchar4tex, imageW, imageH);
  error = cudaMemcpy2DToArray(a_Src, 0, 0, *h_Src, sizeof(uchar4) * imageW,
                              sizeof(uchar4) * imageW, imageH,
                              cudaMemcpyHostToDevice);

  cudaResourceDesc texRes;
  memset(&texRes, 0, sizeof(cudaResourceDesc));

  texRes.resType = cudaResourceTypeArray;
  texRes.res.array.array = a_Src;

  cudaTextureDesc texDescr;
  memset(&texDescr, 0, sizeof(cudaTextureDesc));

  texDescr.normalizedCoords = false;
  texDescr.filterMode = cudaFilterModeLinear;
  texDescr.addressMode[0] = cudaAddressModeWrap;
  texDescr.addressMode[1] = cudaAddressModeWrap;
  texDescr.readMode = cudaReadModeNormalizedFloat;

  checkCudaErrors(cudaCreateTextureObject(&texImage, &texRes, &texDescr, NULL));

  return error;
}

extern "C" cudaError_t CUDA_FreeArray() { return cudaFreeArray(a_Src); }
