/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 *
 * In the style of cuda-samples' FunctionPointers (its GL viewer left out):
 * the per-pixel and per-block operations are __device__ function pointers
 * held in __device__ tables, copied to the host with cudaMemcpyFromSymbol
 * and passed back to the kernel, which calls through them.
 */
#include <cstdio>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include "FunctionPointers_kernels.h"

// Texture object for reading image
cudaTextureObject_t tex;
extern __shared__ unsigned char LocalBlock[];
static cudaArray *array = NULL;

#define RADIUS 1

// pixel value used for thresholding function, works well with sample image 'lena'
#define THRESHOLD 150.0f

#ifdef FIXED_BLOCKWIDTH
#define BlockWidth 80
#define SharedPitch 384
#endif

// A function pointer can be declared explicitly like this line:
//__device__ unsigned char (*pointFunction)(unsigned char, float ) = NULL;
// or by using typedef's like below:

typedef unsigned char (*blockFunction_t)(unsigned char, unsigned char, unsigned char,
                                         unsigned char, unsigned char, unsigned char,
                                         unsigned char, unsigned char, unsigned char, float);

typedef unsigned char (*pointFunction_t)(unsigned char, float);

__device__ blockFunction_t blockFunction;

__device__ unsigned char ComputeSobel(unsigned char ul,  // upper left
                                      unsigned char um,  // upper middle
                                      unsigned char ur,  // upper right
                                      unsigned char ml,  // middle left
                                      unsigned char mm,  // middle (unused)
                                      unsigned char mr,  // middle right
                                      unsigned char ll,  // lower left
                                      unsigned char lm,  // lower middle
                                      unsigned char lr,  // lower right
                                      float fScale) {
  short Horz = ur + 2 * mr + lr - ul - 2 * ml - ll;
  short Vert = ul + 2 * um + ur - ll - 2 * lm - lr;
  short Sum = (short)(fScale * (abs((int)Horz) + abs((int)Vert)));
  return (unsigned char)((Sum < 0) ? 0 : ((Sum > 255) ? 255 : Sum));
}

// define a function pointer and initialize to NULL
__device__ unsigned char ComputeBox(unsigned char ul, unsigned char um, unsigned char ur,
                                    unsigned char ml, unsigned char mm, unsigned char mr,
                                    unsigned char ll, unsigned char lm, unsigned char lr,
                                    float fscale) {
  short Sum = (short)(ul + um + ur + ml + mm + mr + ll + lm + lr) / 9;
  Sum *= fscale;
  return (unsigned char)((Sum < 0) ? 0 : ((Sum > 255) ? 255 : Sum));
}

__device__ unsigned char Threshold(unsigned char in, float thresh) {
  if (in > thresh) {
    return 0xFF;
  } else {
    return 0;
  }
}

// Declare function tables, one for the point function chosen, one for the
// block function chosen.  The number of entries is determined by the
// enum in FunctionPointers_kernels.h
__device__ blockFunction_t blockFunction_table[2];
__device__ pointFunction_t pointFunction_table[2];

// Declare device side function pointers.  We retrieve them later with
// cudaMemcpyFromSymbol to set our function tables above in some
// particular order specified at runtime.
__device__ blockFunction_t pComputeSobel = ComputeSobel;
__device__ blockFunction_t pComputeBox = ComputeBox;
__device__ pointFunction_t pComputeThreshold = Threshold;

// Allocate host side tables to mirror the device side, and later, we
// fill these tables with the function pointers.  This lets us send
// the pointers to the kernel on invocation, as a method of choosing
// which operations to perform.
blockFunction_t h_blockFunction_table[2];
pointFunction_t h_pointFunction_table[2];

__global__ void SobelCopyImage(Pixel *pSobelOriginal, unsigned int Pitch, int w, int h,
                               float fscale, int blockOperation,
                               pointFunction_t pPointFunction, cudaTextureObject_t tex) {
  unsigned char *pSobel = (unsigned char *)(((char *)pSobelOriginal) + blockIdx.x * Pitch);
  unsigned char tmp = 0;

  for (int i = threadIdx.x; i < w; i += blockDim.x) {
    unsigned char pix00 = tex2D<unsigned char>(tex, (float)i - 1, (float)blockIdx.x - 1);
    unsigned char pix01 = tex2D<unsigned char>(tex, (float)i + 0, (float)blockIdx.x - 1);
    unsigned char pix02 = tex2D<unsigned char>(tex, (float)i + 1, (float)blockIdx.x - 1);
    unsigned char pix10 = tex2D<unsigned char>(tex, (float)i - 1, (float)blockIdx.x + 0);
    unsigned char pix11 = tex2D<unsigned char>(tex, (float)i + 0, (float)blockIdx.x + 0);
    unsigned char pix12 = tex2D<unsigned char>(tex, (float)i + 1, (float)blockIdx.x + 0);
    unsigned char pix20 = tex2D<unsigned char>(tex, (float)i - 1, (float)blockIdx.x + 1);
    unsigned char pix21 = tex2D<unsigned char>(tex, (float)i + 0, (float)blockIdx.x + 1);
    unsigned char pix22 = tex2D<unsigned char>(tex, (float)i + 1, (float)blockIdx.x + 1);
    tmp = (*(blockFunction_table[blockOperation]))(pix00, pix01, pix02, pix10, pix11, pix12,
                                                   pix20, pix21, pix22, fscale);

    if (pPointFunction != NULL) {
      tmp = (*pPointFunction)(tmp, THRESHOLD);
    }

    pSobel[i] = tmp;
  }
}

// Wrapper for the __global__ call that sets up the texture and threads
// Two methods for selecting the image processing functions are shown.
// The blockOperation is an index into the function pointer table.
// The pointOperation is a function pointer chosen on the host and sent down.
extern "C" void sobelFilter(Pixel *odata, int iw, int ih, enum SobelDisplayMode mode,
                            float fScale, int blockOperation, int pointOperation) {
  pointFunction_t pPointFunction = NULL;
  // Copy the device function pointers into the host tables.
  checkCudaErrors(cudaMemcpyFromSymbol(&h_blockFunction_table[0], pComputeSobel,
                                       sizeof(blockFunction_t)));
  checkCudaErrors(cudaMemcpyFromSymbol(&h_blockFunction_table[1], pComputeBox,
                                       sizeof(blockFunction_t)));
  checkCudaErrors(cudaMemcpyToSymbol(blockFunction_table, h_blockFunction_table,
                                     sizeof(blockFunction_t) * 2));
  checkCudaErrors(cudaMemcpyFromSymbol(&h_pointFunction_table[0], pComputeThreshold,
                                       sizeof(pointFunction_t)));
  h_pointFunction_table[1] = NULL;
  checkCudaErrors(cudaMemcpyToSymbol(pointFunction_table, h_pointFunction_table,
                                     sizeof(pointFunction_t) * 2));
  pPointFunction = h_pointFunction_table[pointOperation];

  switch (mode) {
    case SOBELDISPLAY_IMAGE:
    case SOBELDISPLAY_SOBELTEX:
      SobelCopyImage<<<ih, 384>>>(odata, iw, iw, ih, fScale, blockOperation, pPointFunction, tex);
      break;
    case SOBELDISPLAY_SOBELSHARED:
      break;
  }
  getLastCudaError("sobelFilter failed");
}

extern "C" void setupTexture(int iw, int ih, Pixel *data, int Bpp) {
  cudaChannelFormatDesc desc;

  if (Bpp == 1) {
    desc = cudaCreateChannelDesc<unsigned char>();
  } else {
    desc = cudaCreateChannelDesc<uchar4>();
  }

  checkCudaErrors(cudaMallocArray(&array, &desc, iw, ih));
  checkCudaErrors(cudaMemcpy2DToArray(array, 0, 0, data, iw * Bpp * sizeof(Pixel),
                                      iw * Bpp * sizeof(Pixel), ih, cudaMemcpyHostToDevice));

  cudaResourceDesc texRes;
  memset(&texRes, 0, sizeof(cudaResourceDesc));

  texRes.resType = cudaResourceTypeArray;
  texRes.res.array.array = array;

  cudaTextureDesc texDescr;
  memset(&texDescr, 0, sizeof(cudaTextureDesc));

  texDescr.normalizedCoords = false;
  texDescr.filterMode = cudaFilterModePoint;
  texDescr.addressMode[0] = cudaAddressModeWrap;
  texDescr.addressMode[1] = cudaAddressModeWrap;
  texDescr.readMode = cudaReadModeElementType;

  checkCudaErrors(cudaCreateTextureObject(&tex, &texRes, &texDescr, NULL));
}

extern "C" void deleteTexture(void) {
  checkCudaErrors(cudaFreeArray(array));
  checkCudaErrors(cudaDestroyTextureObject(tex));
}
