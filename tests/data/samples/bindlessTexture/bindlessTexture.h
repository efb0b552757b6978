/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

#ifndef _BINDLESSTEXTURE_CU_
#define _BINDLESSTEXTURE_CU_

#include <vector>
#include <cuda_runtime.h>
#include <vector_types.h>

typedef unsigned int uint;
typedef unsigned char uchar;

struct Image {
  void *h_data;
  cudaExtent size;
  cudaResourceType type;
  cudaArray_t dataArray;
  cudaMipmappedArray_t mipmapArray;
  cudaTextureObject_t textureObject;

  Image() { memset(this, 0, sizeof(Image)); }
};

extern "C" void initAtlasAndImages(const Image *images, size_t numImages,
                                   cudaExtent atlasSize);
extern "C" void deinitAtlasAndImages();
extern "C" void renderAtlasImage(dim3 gridSize, dim3 blockSize, uint *d_output,
                                 uint imageW, uint imageH, float lod);
extern "C" void randomizeAtlas();

#endif
