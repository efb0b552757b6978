/* In the style of NVIDIA cuda-samples dct8x8 (Common.h): types, macros and
 * the region-of-interest helpers shared by the host and the kernels. */
#pragma once

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <helper_cuda.h>
#include <helper_functions.h>

typedef unsigned char byte;

#define BLOCK_SIZE 8
#define BLOCK_SIZE2 64
#define BLOCK_SIZE_LOG2 3
#define BLOCK_SIZE2_LOG2 6

/** Data sizes of the thread block **/
#define KER2_BLOCK_WIDTH 32
#define KER2_BLOCK_HEIGHT 16
#define KER2_BW_LOG2 5
#define KER2_BH_LOG2 4
#define KER2_SMEMBLOCK_STRIDE (KER2_BLOCK_WIDTH + 1)

/** Fast integer multiplication macro **/
#define IMUL(a, b) __mul24(a, b)
#define IMAD(a, b, c) (((a) * (b)) + (c))

typedef struct {
  int width;   //!< ROI width
  int height;  //!< ROI height
} ROI;

inline int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

inline float *MallocPlaneFloat(int width, int height, int *pStepBytes) {
  float *ptr;
  *pStepBytes = ((int)ceil((width * sizeof(float)) / 16.0f)) * 16;
  ptr = (float *)malloc(*pStepBytes * height);
  return ptr;
}

inline void FreePlane(void *ptr) {
  if (ptr) free(ptr);
}

inline void AddFloatPlane(float Value, float *ImgSrcDst, int StrideF, ROI Size) {
  for (int i = 0; i < Size.height; i++)
    for (int j = 0; j < Size.width; j++) ImgSrcDst[i * StrideF + j] += Value;
}
