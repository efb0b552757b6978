/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

#include <string.h>
#include <vector>

#include <helper_cuda.h>
#include <helper_math.h>

#include "bindlessTexture.h"

// set this to just see the mipmap chain of first image
//#define SHOW_MIPMAPS

// local references to resources

Image atlasImage;
std::vector<Image> contentImages;
float highestLod = 1.0f;

#ifndef MAX
#define MAX(a, b) ((a > b) ? a : b)
#endif

#define checkHost(condition)                                                  \
  do {                                                                        \
    if (!(condition)) {                                                       \
      fprintf(stderr, "%s(%d) : host check failed: %s\n", __FILE__, __LINE__, \
              #condition);                                                    \
      exit(EXIT_FAILURE);                                                     \
    }                                                                         \
  } while (0)

__host__ __device__ __inline__ uint2 encodeTextureObject(cudaTextureObject_t obj) {
  return make_uint2((uint)(obj & 0xFFFFFFFF), (uint)(obj >> 32));
}

__host__ __device__ __inline__ cudaTextureObject_t decodeTextureObject(uint2 obj) {
  return (((cudaTextureObject_t)obj.x) | ((cudaTextureObject_t)obj.y) << 32);
}

__device__ __inline__ float4 to_float4(uchar4 vec) {
  return make_float4(vec.x, vec.y, vec.z, vec.w);
}

__device__ __inline__ float4 to_float4(float4 vec) { return vec; }

__device__ __inline__ uchar4 to_uchar4(float4 vec) {
  return make_uchar4((uchar)vec.x, (uchar)vec.y, (uchar)vec.z, (uchar)vec.w);
}

__device__ __inline__ float4 to_float4(uint vec) {
  return make_float4(((vec >> 0) & 0xFF) / 255.0f, ((vec >> 8) & 0xFF) / 255.0f,
                     ((vec >> 16) & 0xFF) / 255.0f, ((vec >> 24) & 0xFF) / 255.0f);
}

__device__ __inline__ uint to_uint(float4 vec) {
  vec = clamp(vec, 0.0f, 1.0f) * 255.0f;
  return ((uint)vec.w << 24) | ((uint)vec.z << 16) | ((uint)vec.y << 8) | (uint)vec.x;
}

//------------------------------------------------------------------------------
// Rendering

// the atlas texture stores the 64 bit cudaTextureObjects
// we use it for "virtual" texturing

__global__ void d_render(uint *d_output, uint imageW, uint imageH, float lod,
                         cudaTextureObject_t atlasTexture) {
  uint x = blockIdx.x * blockDim.x + threadIdx.x;
  uint y = blockIdx.y * blockDim.y + threadIdx.y;

  float u = x / (float)imageW;
  float v = y / (float)imageH;

  if ((x < imageW) && (y < imageH)) {
    // read from 2D atlas texture and decode texture object
    uint2 texCoded = tex2D<uint2>(atlasTexture, u, v);
    cudaTextureObject_t tex = decodeTextureObject(texCoded);

    // read from cuda texture object, use template to specify what data will be
    // returned. tex2DLod allows us to pass the lod (mip map level) directly.
    // There is other functions with CUDA 5, e.g. tex2DGrad,    that allow you
    // to pass derivatives to perform automatic mipmap/anisotropic filtering.
    float4 color = tex2DLod<float4>(tex, u, 1 - v, lod);
    // In our sample tex is always valid, but for something like your own
    // sparse texturing you would need to make sure to handle the zero case.

    // write output color
    uint i = y * imageW + x;
    d_output[i] = to_uint(color);
  }
}

extern "C" void renderAtlasImage(dim3 gridSize, dim3 blockSize, uint *d_output,
                                 uint imageW, uint imageH, float lod) {
  // psuedo animate lod
  lod = fmodf(lod, highestLod * 2);
  lod = highestLod - fabs(lod - highestLod);

#ifdef SHOW_MIPMAPS
  lod = 0.0f;
#endif

  d_render<<<gridSize, blockSize>>>(d_output, imageW, imageH, lod,
                                    atlasImage.textureObject);

  checkCudaErrors(cudaGetLastError());
}

//------------------------------------------------------------------------------
// Atlas

__global__ void d_mipmap(cudaSurfaceObject_t mipOutput, cudaTextureObject_t mipInput,
                         uint imageW, uint imageH) {
  uint x = blockIdx.x * blockDim.x + threadIdx.x;
  uint y = blockIdx.y * blockDim.y + threadIdx.y;

  float px = 1.0 / float(imageW);
  float py = 1.0 / float(imageH);

  if ((x < imageW) && (y < imageH)) {
    // take the average of 4 samples

    // we are using the normalized access to make sure non-power-of-two textures
    // behave well when downsized.
    float4 color = (tex2D<float4>(mipInput, (x + 0) * px, (y + 0) * py)) +
                   (tex2D<float4>(mipInput, (x + 1) * px, (y + 0) * py)) +
                   (tex2D<float4>(mipInput, (x + 1) * px, (y + 1) * py)) +
                   (tex2D<float4>(mipInput, (x + 0) * px, (y + 1) * py));

    color /= 4.0;
    color *= 255.0;
    color = fminf(color, make_float4(255.0));

    surf2Dwrite(to_uchar4(color), mipOutput, x * sizeof(uchar4), y);
  }
}

void generateMipMaps(cudaMipmappedArray_t mipmapArray, cudaExtent size) {
  size_t width = size.width;
  size_t height = size.height;

#ifdef SHOW_MIPMAPS
  cudaArray_t levelFirst;
  checkCudaErrors(cudaGetMipmappedArrayLevel(&levelFirst, mipmapArray, 0));
#endif

  uint level = 0;

  while (width != 1 || height != 1) {
    width /= 2;
    width = MAX((size_t)1, width);
    height /= 2;
    height = MAX((size_t)1, height);

    cudaArray_t levelFrom;
    checkCudaErrors(cudaGetMipmappedArrayLevel(&levelFrom, mipmapArray, level));
    cudaArray_t levelTo;
    checkCudaErrors(cudaGetMipmappedArrayLevel(&levelTo, mipmapArray, level + 1));

    cudaExtent levelToSize;
    checkCudaErrors(cudaArrayGetInfo(NULL, &levelToSize, NULL, levelTo));
    checkHost(levelToSize.width == width);
    checkHost(levelToSize.height == height);
    checkHost(levelToSize.depth == 0);

    // generate texture object for reading
    cudaTextureObject_t texInput;
    cudaResourceDesc texRes;
    memset(&texRes, 0, sizeof(cudaResourceDesc));

    texRes.resType = cudaResourceTypeArray;
    texRes.res.array.array = levelFrom;

    cudaTextureDesc texDescr;
    memset(&texDescr, 0, sizeof(cudaTextureDesc));

    texDescr.normalizedCoords = 1;
    texDescr.filterMode = cudaFilterModeLinear;

    texDescr.addressMode[0] = cudaAddressModeClamp;
    texDescr.addressMode[1] = cudaAddressModeClamp;
    texDescr.addressMode[2] = cudaAddressModeClamp;

    texDescr.readMode = cudaReadModeNormalizedFloat;

    checkCudaErrors(cudaCreateTextureObject(&texInput, &texRes, &texDescr, NULL));

    // generate surface object for writing

    cudaSurfaceObject_t surfOutput;
    cudaResourceDesc surfRes;
    memset(&surfRes, 0, sizeof(cudaResourceDesc));
    surfRes.resType = cudaResourceTypeArray;
    surfRes.res.array.array = levelTo;

    checkCudaErrors(cudaCreateSurfaceObject(&surfOutput, &surfRes));

    // run mipmap kernel
    dim3 blockSize(16, 16, 1);
    dim3 gridSize(((uint)width + blockSize.x - 1) / blockSize.x,
                  ((uint)height + blockSize.y - 1) / blockSize.y, 1);

    d_mipmap<<<gridSize, blockSize>>>(surfOutput, texInput, (uint)width, (uint)height);

    checkCudaErrors(cudaDeviceSynchronize());
    checkCudaErrors(cudaGetLastError());

    checkCudaErrors(cudaDestroySurfaceObject(surfOutput));

    checkCudaErrors(cudaDestroyTextureObject(texInput));

#ifdef SHOW_MIPMAPS
    // we blit the current mipmap back into first level
    cudaMemcpy3DParms copyParams = {0};
    copyParams.dstArray = levelFirst;
    copyParams.srcArray = levelTo;
    copyParams.extent = make_cudaExtent(width, height, 1);
    copyParams.kind = cudaMemcpyDeviceToDevice;
    checkCudaErrors(cudaMemcpy3D(&copyParams));
#endif

    level++;
  }
}

uint getMipMapLevels(cudaExtent size) {
  size_t sz = MAX(MAX(size.width, size.height), size.depth);

  uint levels = 0;

  while (sz) {
    sz /= 2;
    levels++;
  }

  return levels;
}

void initImages() {
  // create individual textures
  for (size_t i = 0; i < contentImages.size(); i++) {
    Image &image = contentImages[i];
    cudaResourceDesc resDescr;
    memset(&resDescr, 0, sizeof(cudaResourceDesc));

    cudaTextureDesc texDescr;
    memset(&texDescr, 0, sizeof(cudaTextureDesc));

    cudaChannelFormatDesc desc = cudaCreateChannelDesc<uchar4>();

    if (image.type == cudaResourceTypeMipmappedArray) {
      // how many mipmaps we need
      uint levels = getMipMapLevels(image.size);
      highestLod = MAX(highestLod, (float)levels - 1);

      checkCudaErrors(cudaMallocMipmappedArray(&image.mipmapArray, &desc, image.size, levels));

      // upload level 0
      cudaArray_t level0;
      checkCudaErrors(cudaGetMipmappedArrayLevel(&level0, image.mipmapArray, 0));

      cudaMemcpy3DParms copyParams = {0};
      copyParams.srcPtr = make_cudaPitchedPtr(image.h_data, image.size.width * sizeof(uchar4),
                                              image.size.width, image.size.height);
      copyParams.dstArray = level0;
      copyParams.extent = image.size;
      copyParams.extent.depth = 1;
      copyParams.kind = cudaMemcpyHostToDevice;
      checkCudaErrors(cudaMemcpy3D(&copyParams));

      // compute rest of mipmaps based on level 0
      generateMipMaps(image.mipmapArray, image.size);

      // generate bindless texture object

      resDescr.resType = cudaResourceTypeMipmappedArray;
      resDescr.res.mipmap.mipmap = image.mipmapArray;

      texDescr.normalizedCoords = 1;
      texDescr.filterMode = cudaFilterModeLinear;
      texDescr.mipmapFilterMode = cudaFilterModeLinear;

      texDescr.addressMode[0] = cudaAddressModeClamp;
      texDescr.addressMode[1] = cudaAddressModeClamp;
      texDescr.addressMode[2] = cudaAddressModeClamp;

      texDescr.maxMipmapLevelClamp = float(levels - 1);

      texDescr.readMode = cudaReadModeNormalizedFloat;

      checkCudaErrors(cudaCreateTextureObject(&image.textureObject, &resDescr, &texDescr, NULL));
    } else {
      checkCudaErrors(cudaMallocArray(&image.dataArray, &desc, image.size.width, image.size.height));

      checkCudaErrors(cudaMemcpy2DToArray(image.dataArray, 0, 0, image.h_data,
                                          image.size.width * sizeof(uchar4),
                                          image.size.width * sizeof(uchar4),
                                          image.size.height, cudaMemcpyHostToDevice));

      resDescr.resType = cudaResourceTypeArray;
      resDescr.res.array.array = image.dataArray;

      texDescr.normalizedCoords = 1;
      texDescr.filterMode = cudaFilterModeLinear;
      texDescr.addressMode[0] = cudaAddressModeClamp;
      texDescr.addressMode[1] = cudaAddressModeClamp;
      texDescr.addressMode[2] = cudaAddressModeClamp;
      texDescr.readMode = cudaReadModeNormalizedFloat;

      checkCudaErrors(cudaCreateTextureObject(&image.textureObject, &resDescr, &texDescr, NULL));
    }
  }
}

void getDefaultImage(Image &image, unsigned char *data, cudaExtent size) {
  image.size = size;
  image.type = cudaResourceTypeMipmappedArray;
  image.h_data = data;
}

extern "C" void randomizeAtlas() {
  uint2 *h_data = (uint2 *)atlasImage.h_data;

  // assign random texture object handles to our atlas image tiles
  for (size_t i = 0; i < atlasImage.size.width * atlasImage.size.height; i++) {
#ifdef SHOW_MIPMAPS
    h_data[i] = encodeTextureObject(contentImages[0].textureObject);
#else
    h_data[i] = encodeTextureObject(contentImages[rand() % contentImages.size()].textureObject);
#endif
  }

  // copy data to atlas array
  checkCudaErrors(cudaMemcpy2DToArray(atlasImage.dataArray, 0, 0, atlasImage.h_data,
                                      atlasImage.size.width * sizeof(uint2),
                                      atlasImage.size.width * sizeof(uint2),
                                      atlasImage.size.height, cudaMemcpyHostToDevice));
}

extern "C" void deinitAtlasAndImages() {
  for (size_t i = 0; i < contentImages.size(); i++) {
    Image &image = contentImages[i];

    if (image.h_data) {
      free(image.h_data);
    }

    if (image.textureObject) {
      checkCudaErrors(cudaDestroyTextureObject(image.textureObject));
    }

    if (image.mipmapArray) {
      checkCudaErrors(cudaFreeMipmappedArray(image.mipmapArray));
    }
  }

  if (atlasImage.h_data) {
    free(atlasImage.h_data);
  }

  if (atlasImage.textureObject) {
    checkCudaErrors(cudaDestroyTextureObject(atlasImage.textureObject));
  }

  if (atlasImage.dataArray) {
    checkCudaErrors(cudaFreeArray(atlasImage.dataArray));
  }
}

extern "C" void initAtlasAndImages(const Image *images, size_t numImages,
                                   cudaExtent atlasSize) {
  // create individual textures
  contentImages.resize(numImages);

  for (size_t i = 0; i < numImages; i++) {
    contentImages[i] = images[i];
  }

  initImages();

  // create space for atlas and its data
  atlasImage.h_data = malloc(atlasSize.width * atlasSize.height * sizeof(uint2));

  atlasImage.size = atlasSize;

  cudaChannelFormatDesc desc = cudaCreateChannelDesc<uint2>();
  checkCudaErrors(cudaMallocArray(&atlasImage.dataArray, &desc, atlasSize.width, atlasSize.height));

  cudaResourceDesc texRes;
  memset(&texRes, 0, sizeof(cudaResourceDesc));
  texRes.resType = cudaResourceTypeArray;
  texRes.res.array.array = atlasImage.dataArray;

  cudaTextureDesc texDescr;
  memset(&texDescr, 0, sizeof(cudaTextureDesc));
  texDescr.normalizedCoords = true;
  texDescr.filterMode = cudaFilterModePoint;
  texDescr.addressMode[0] = cudaAddressModeClamp;
  texDescr.addressMode[1] = cudaAddressModeClamp;
  texDescr.readMode = cudaReadModeElementType;

  checkCudaErrors(cudaCreateTextureObject(&atlasImage.textureObject, &texRes, &texDescr, NULL));

  randomizeAtlas();
}
