/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

/*
  This sample demonstrates the bindless texture objects introduced with CUDA
  5.0 and Kepler: an atlas texture holds the 64-bit handles of other textures,
  each a mipmapped array whose levels a kernel fills through surface objects.
  (The OpenGL viewer of NVIDIA's sample is replaced by a read-back here.)
*/

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include <cuda_runtime.h>

#include <helper_functions.h>
#include <helper_cuda.h>

#include "bindlessTexture.h"

const char *sSDKsample = "CUDA bindless texture";

int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

uint width = 512, height = 512;
dim3 blockSize(16, 16);
dim3 gridSize;
float lod = 0.5f;

static void makeImage(std::vector<unsigned char *> &buffers, uint w, uint h, uint seed) {
  unsigned char *data = (unsigned char *)malloc(w * h * 4);
  for (uint i = 0; i < w * h * 4; i++) data[i] = (unsigned char)((i * seed) & 0xff);
  buffers.push_back(data);
}

int main(int argc, char **argv) {
  printf("%s Starting...\n\n", sSDKsample);

  int devID = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp deviceProps;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProps, devID));
  printf("CUDA device [%s] has %d Multi-Processors\n", deviceProps.name,
         deviceProps.multiProcessorCount);

  if (deviceProps.major < 3) {
    printf("%s requires Compute Capability of SM 3.0 or higher to run.\n", sSDKsample);
    exit(EXIT_WAIVED);
  }

  std::vector<unsigned char *> buffers;
  std::vector<Image> images;
  for (uint i = 0; i < 4; i++) {
    makeImage(buffers, 256 >> i, 256 >> i, i + 3);
    Image image;
    image.size = make_cudaExtent(256 >> i, 256 >> i, 0);
    image.type = i % 2 ? cudaResourceTypeArray : cudaResourceTypeMipmappedArray;
    image.h_data = buffers.back();
    images.push_back(image);
  }

  initAtlasAndImages(&images[0], images.size(), make_cudaExtent(8, 8, 0));

  uint *d_output;
  checkCudaErrors(cudaMalloc((void **)&d_output, width * height * sizeof(uint)));
  gridSize = dim3(iDivUp(width, blockSize.x), iDivUp(height, blockSize.y));

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  for (int frame = 0; frame < 8; frame++) {
    renderAtlasImage(gridSize, blockSize, d_output, width, height, lod);
    lod += 0.25f;
    if (frame % 4 == 3) randomizeAtlas();
  }
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("%d frames in %.2f ms\n", 8, sdkGetTimerValue(&timer));
  sdkDeleteTimer(&timer);

  std::vector<uint> h_output(width * height);
  checkCudaErrors(cudaMemcpy(h_output.data(), d_output, width * height * sizeof(uint),
                             cudaMemcpyDeviceToHost));
  printf("first pixel %08x\n", h_output[0]);

  checkCudaErrors(cudaFree(d_output));
  deinitAtlasAndImages();
  exit(EXIT_SUCCESS);
}
