/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

/*
 * This sample demonstrates how use surface writes (surf2Dwrite) and texture
 * fetches from a mipmapped array: the image is written into level 0 through a
 * surface object, level 1 is produced by a box filter reading level 0 through
 * a texture object, and the result is read back with tex2DLod.
 */

// Includes, system
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <math.h>

// Includes CUDA
#include <cuda_runtime.h>

// Utilities and timing functions
#include <helper_functions.h>  // includes cuda.h and cuda_runtime_api.h

// CUDA helper functions
#include <helper_cuda.h>  // helper functions for CUDA error check

static const char *sampleName = "simpleSurfaceWrite";

////////////////////////////////////////////////////////////////////////////////
// Kernels
////////////////////////////////////////////////////////////////////////////////
//! Write to a cuArray (texture data source) using surface writes
//! @param gIData input data in global memory
////////////////////////////////////////////////////////////////////////////////
__global__ void surfaceWriteKernel(float *gIData, int width, int height,
                                   cudaSurfaceObject_t outputSurface) {
  // calculate surface coordinates
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;

  // read from global memory and write to cuarray (via surface reference)
  surf2Dwrite(gIData[y * width + x], outputSurface, x * 4, y,
              cudaBoundaryModeTrap);
}

// box filter one mip level into the next one
__global__ void mipmapKernel(cudaSurfaceObject_t mipOutput,
                             cudaTextureObject_t mipInput, uint imageW,
                             uint imageH) {
  uint x = blockIdx.x * blockDim.x + threadIdx.x;
  uint y = blockIdx.y * blockDim.y + threadIdx.y;

  float px = 1.0 / float(imageW);
  float py = 1.0 / float(imageH);

  if ((x < imageW) && (y < imageH)) {
    // take the average of 4 samples

    // we are using the normalized access to make sure non-power-of-two textures
    // behave well when downsized.
    float color = (tex2D<float>(mipInput, (x + 0) * px, (y + 0) * py)) +
                  (tex2D<float>(mipInput, (x + 1) * px, (y + 0) * py)) +
                  (tex2D<float>(mipInput, (x + 1) * px, (y + 1) * py)) +
                  (tex2D<float>(mipInput, (x + 0) * px, (y + 1) * py));

    color /= 4.0f;

    surf2Dwrite(color, mipOutput, x * sizeof(float), y);
  }
}

////////////////////////////////////////////////////////////////////////////////
//! Read back through a mipmapped texture
////////////////////////////////////////////////////////////////////////////////
__global__ void transformKernel(float *gOData, int width, int height,
                                float lod, cudaTextureObject_t tex) {
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;

  float u = (x + 0.5f) / (float)width;
  float v = (y + 0.5f) / (float)height;

  gOData[y * width + x] = tex2DLod<float>(tex, u, v, lod);
}

////////////////////////////////////////////////////////////////////////////////
// Program main
////////////////////////////////////////////////////////////////////////////////
int main(int argc, char **argv) {
  printf("%s starting...\n", sampleName);

  int devID = findCudaDevice(argc, (const char **)argv);

  // Get number of SMs on this GPU
  cudaDeviceProp deviceProps;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProps, devID));
  printf("CUDA device [%s] has %d Multi-Processors, SM %d.%d\n",
         deviceProps.name, deviceProps.multiProcessorCount, deviceProps.major,
         deviceProps.minor);

  unsigned int width = 512, height = 512;
  unsigned int size = width * height * sizeof(float);
  float *hData = (float *)malloc(size);
  for (unsigned int i = 0; i < width * height; i++) hData[i] = (float)(i % 255);

  // Allocate device memory for input and result
  float *dData = NULL;
  checkCudaErrors(cudaMalloc((void **)&dData, size));
  checkCudaErrors(cudaMemcpy(dData, hData, size, cudaMemcpyHostToDevice));

  // Allocate a 2-level mipmapped array
  cudaChannelFormatDesc channelDesc =
      cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaMipmappedArray_t mipmapArray;
  cudaExtent extent = make_cudaExtent(width, height, 0);
  checkCudaErrors(cudaMallocMipmappedArray(&mipmapArray, &channelDesc, extent,
                                           2, cudaArraySurfaceLoadStore));

  cudaArray_t level0, level1;
  checkCudaErrors(cudaGetMipmappedArrayLevel(&level0, mipmapArray, 0));
  checkCudaErrors(cudaGetMipmappedArrayLevel(&level1, mipmapArray, 1));

  // surface object for level 0
  cudaSurfaceObject_t surf0, surf1;
  cudaResourceDesc surfRes;
  memset(&surfRes, 0, sizeof(cudaResourceDesc));
  surfRes.resType = cudaResourceTypeArray;
  surfRes.res.array.array = level0;
  checkCudaErrors(cudaCreateSurfaceObject(&surf0, &surfRes));
  surfRes.res.array.array = level1;
  checkCudaErrors(cudaCreateSurfaceObject(&surf1, &surfRes));

  dim3 dimBlock(8, 8, 1);
  dim3 dimGrid(width / dimBlock.x, height / dimBlock.y, 1);

  surfaceWriteKernel<<<dimGrid, dimBlock>>>(dData, width, height, surf0);
  getLastCudaError("surfaceWriteKernel failed");

  // texture object over level 0 to build level 1
  cudaTextureObject_t tex0;
  cudaResourceDesc texRes;
  memset(&texRes, 0, sizeof(cudaResourceDesc));
  texRes.resType = cudaResourceTypeArray;
  texRes.res.array.array = level0;

  cudaTextureDesc texDescr;
  memset(&texDescr, 0, sizeof(cudaTextureDesc));
  texDescr.normalizedCoords = 1;
  texDescr.filterMode = cudaFilterModeLinear;
  texDescr.addressMode[0] = cudaAddressModeClamp;
  texDescr.addressMode[1] = cudaAddressModeClamp;
  texDescr.readMode = cudaReadModeElementType;
  checkCudaErrors(cudaCreateTextureObject(&tex0, &texRes, &texDescr, NULL));

  dim3 mipGrid((width / 2 + 7) / 8, (height / 2 + 7) / 8, 1);
  mipmapKernel<<<mipGrid, dimBlock>>>(surf1, tex0, width / 2, height / 2);
  getLastCudaError("mipmapKernel failed");

  // mipmapped texture object for lookups
  cudaTextureObject_t texMip;
  memset(&texRes, 0, sizeof(cudaResourceDesc));
  texRes.resType = cudaResourceTypeMipmappedArray;
  texRes.res.mipmap.mipmap = mipmapArray;
  texDescr.mipmapFilterMode = cudaFilterModeLinear;
  texDescr.maxMipmapLevelClamp = 1.0f;
  texDescr.maxAnisotropy = 1;
  checkCudaErrors(cudaCreateTextureObject(&texMip, &texRes, &texDescr, NULL));

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  transformKernel<<<dimGrid, dimBlock, 0>>>(dData, width, height, 0.5f, texMip);
  getLastCudaError("Kernel execution failed");
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("Processing time: %f (ms)\n", sdkGetTimerValue(&timer));
  sdkDeleteTimer(&timer);

  float *hOData = (float *)malloc(size);
  checkCudaErrors(cudaMemcpy(hOData, dData, size, cudaMemcpyDeviceToHost));
  printf("first texel %f\n", hOData[0]);

  checkCudaErrors(cudaDestroyTextureObject(texMip));
  checkCudaErrors(cudaDestroyTextureObject(tex0));
  checkCudaErrors(cudaDestroySurfaceObject(surf0));
  checkCudaErrors(cudaDestroySurfaceObject(surf1));
  checkCudaErrors(cudaFreeMipmappedArray(mipmapArray));
  checkCudaErrors(cudaFree(dData));
  free(hData);
  free(hOData);
  return 0;
}
