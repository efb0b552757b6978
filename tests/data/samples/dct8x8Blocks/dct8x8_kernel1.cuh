/* The 2D DCT of 8x8 blocks through a texture object and one shared array
 * per block (cuda-samples dct8x8_kernel1.cuh, texture object form). */
#pragma once

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#include "Common.h"

/** The 8x8 DCT basis in constant memory, initialised at compile time **/
__constant__ float DCTv8matrix[] = {
    0.3535533905932738f,  0.4903926402016152f,  0.4619397662556434f,  0.4157348061512726f,
    0.3535533905932738f,  0.2777851165098011f,  0.1913417161825449f,  0.0975451610080642f,
    0.3535533905932738f,  0.4157348061512726f,  0.1913417161825449f,  -0.0975451610080641f,
    -0.3535533905932737f, -0.4903926402016152f, -0.4619397662556434f, -0.2777851165098011f,
    0.3535533905932738f,  0.2777851165098011f,  -0.1913417161825449f, -0.4903926402016152f,
    -0.3535533905932738f, 0.0975451610080642f,  0.4619397662556433f,  0.4157348061512727f,
    0.3535533905932738f,  0.0975451610080642f,  -0.4619397662556434f, -0.2777851165098011f,
    0.3535533905932737f,  0.4157348061512727f,  -0.1913417161825450f, -0.4903926402016153f,
    0.3535533905932738f,  -0.0975451610080641f, -0.4619397662556434f, 0.2777851165098009f,
    0.3535533905932738f,  -0.4157348061512726f, -0.1913417161825453f, 0.4903926402016152f,
    0.3535533905932738f,  -0.2777851165098010f, -0.1913417161825452f, 0.4903926402016153f,
    -0.3535533905932733f, -0.0975451610080649f, 0.4619397662556437f,  -0.4157348061512720f,
    0.3535533905932738f,  -0.4157348061512727f, 0.1913417161825450f,  0.0975451610080640f,
    -0.3535533905932736f, 0.4903926402016152f,  -0.4619397662556435f, 0.2777851165098022f,
    0.3535533905932738f,  -0.4903926402016152f, 0.4619397662556433f,  -0.4157348061512721f,
    0.3535533905932733f,  -0.2777851165098008f, 0.1913417161825431f,  -0.0975451610080625f};

// Temporary blocks
__shared__ float CurBlockLocal1[BLOCK_SIZE2];

__global__ void CUDAkernel1DCT(float *Dst, int ImgWidth, int OffsetXBlocks,
                               int OffsetYBlocks, cudaTextureObject_t TexSrc) {
  // Handle to thread block group
  cg::thread_block cta = cg::this_thread_block();
  // Block index
  const int bx = blockIdx.x + OffsetXBlocks;
  const int by = blockIdx.y + OffsetYBlocks;

  // Thread index (current coefficient)
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;

  // Texture coordinates
  const float tex_x = (float)((bx << BLOCK_SIZE_LOG2) + tx) + 0.5f;
  const float tex_y = (float)((by << BLOCK_SIZE_LOG2) + ty) + 0.5f;

  // copy current image pixel to the first block
  CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = tex2D<float>(TexSrc, tex_x, tex_y);

  // synchronize threads to make sure the block is copied
  cg::sync(cta);

  // calculate the multiplication of DCTv8matrixT * A and place it in the
  // second block
  float curelem = 0;
  int DCTv8matrixIndex = 0 * BLOCK_SIZE + ty;
  int CurBlockLocal1Index = 0 * BLOCK_SIZE + tx;
#pragma unroll

  for (int i = 0; i < BLOCK_SIZE; i++) {
    curelem += DCTv8matrix[DCTv8matrixIndex] * CurBlockLocal1[CurBlockLocal1Index];
    DCTv8matrixIndex += BLOCK_SIZE;
    CurBlockLocal1Index += BLOCK_SIZE;
  }

  __shared__ float CurBlockLocal2[BLOCK_SIZE2];
  CurBlockLocal2[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;

  // synchronize threads to make sure the first 2 matrices are multiplied and
  // the result is stored in the second block
  cg::sync(cta);

  // calculate the multiplication of (DCTv8matrixT * A) * DCTv8matrix and place
  // it in the first block
  curelem = 0;
  int CurBlockLocal2Index = (ty << BLOCK_SIZE_LOG2) + 0;
  DCTv8matrixIndex = 0 * BLOCK_SIZE + tx;
#pragma unroll

  for (int i = 0; i < BLOCK_SIZE; i++) {
    curelem += CurBlockLocal2[CurBlockLocal2Index] * DCTv8matrix[DCTv8matrixIndex];
    CurBlockLocal2Index += 1;
    DCTv8matrixIndex += BLOCK_SIZE;
  }

  // copy current coefficient to its place in the result array
  Dst[FMUL_ROW(by, bx, ty, tx, ImgWidth)] = curelem;
}
