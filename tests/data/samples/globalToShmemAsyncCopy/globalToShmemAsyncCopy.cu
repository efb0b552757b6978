/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Matrix multiplication staged through shared memory with asynchronous
// copies: the cuda::pipeline / cuda::memcpy_async and the
// cooperative_groups::memcpy_async variants of globalToShmemAsyncCopy.

#include <stdio.h>
#include <cuda_runtime.h>
#include <cuda/pipeline>
#include <cuda/barrier>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <helper_cuda.h>
#include <helper_functions.h>

namespace cg = cooperative_groups;

#define BLOCK_SIZE 16

// Multi Stage memcpy_async pipeline with a cuda::pipeline per thread.
template <int BLOCK_SIZE_X>
__global__ void MatrixMulAsyncCopyMultiStage(float *__restrict__ C,
                                             const float *__restrict__ A,
                                             const float *__restrict__ B,
                                             int wA, int wB) {
  // Requires BLOCK_SIZE_X % 4 == 0
  constexpr size_t maxPipelineStages = 4;

  __shared__ alignas(alignof(float4)) float
      As[maxPipelineStages][BLOCK_SIZE_X][BLOCK_SIZE_X];
  __shared__ alignas(alignof(float4)) float
      Bs[maxPipelineStages][BLOCK_SIZE_X][BLOCK_SIZE_X];

  float Csub = 0.0;

  int aBegin = wA * (BLOCK_SIZE_X)*blockIdx.y;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE_X;
  int bBegin = BLOCK_SIZE_X * blockIdx.x;
  int bStep = BLOCK_SIZE_X * wB;

  const int t4x = threadIdx.x * 4;
  const auto shape4 = cuda::aligned_size_t<alignof(float4)>(sizeof(float4));

  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();

  for (int a = aBegin, b = bBegin, i = 0, aStage = aBegin, bStage = bBegin,
           iStage = 0;
       a <= aEnd; a += aStep, b += bStep, ++i) {
    for (; aStage <= a + aStep * maxPipelineStages;
         aStage += aStep, bStage += bStep, ++iStage) {
      pipe.producer_acquire();
      if (aStage <= aEnd && t4x < BLOCK_SIZE_X) {
        const int j = iStage % maxPipelineStages;
        cuda::memcpy_async(&As[j][threadIdx.y][t4x],
                           &A[aStage + wA * threadIdx.y + t4x], shape4, pipe);
        cuda::memcpy_async(&Bs[j][threadIdx.y][t4x],
                           &B[aStage + wA * threadIdx.y + t4x], shape4, pipe);
      }
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();

    const int j = i % maxPipelineStages;
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE_X; ++k) {
      Csub += As[j][threadIdx.y][k] * Bs[j][k][threadIdx.x];
    }
    pipe.consumer_release();
    __syncthreads();
  }

  int c = wB * BLOCK_SIZE_X * blockIdx.y + BLOCK_SIZE_X * blockIdx.x;
  C[c + wB * threadIdx.y + threadIdx.x] = Csub;
}

// Single stage with cooperative_groups::memcpy_async and cg::wait.
template <int BLOCK_SIZE_X>
__global__ void MatrixMulAsyncCopySingleStage(float *C, const float *A,
                                              const float *B, int wA, int wB) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ float As[BLOCK_SIZE_X][BLOCK_SIZE_X];
  __shared__ float Bs[BLOCK_SIZE_X][BLOCK_SIZE_X];

  int aBegin = wA * BLOCK_SIZE_X * blockIdx.y;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE_X;
  int bBegin = BLOCK_SIZE_X * blockIdx.x;
  int bStep = BLOCK_SIZE_X * wB;
  float Csub = 0.0;

  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    for (int row = 0; row < BLOCK_SIZE_X; ++row) {
      cg::memcpy_async(cta, &As[row][0], &A[a + wA * row],
                       sizeof(float) * BLOCK_SIZE_X);
      cg::memcpy_async(cta, &Bs[row][0], &B[b + wB * row],
                       sizeof(float) * BLOCK_SIZE_X);
    }
    cg::wait(cta);
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE_X; ++k) {
      Csub += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    }
    cta.sync();
  }
  int c = wB * BLOCK_SIZE_X * blockIdx.y + BLOCK_SIZE_X * blockIdx.x;
  C[c + wB * threadIdx.y + threadIdx.x] = Csub;
}

// Arrive/wait barrier version.
__global__ void scaleWithBarrier(float *data, int n) {
  using barrier = cuda::barrier<cuda::thread_scope_block>;
  __shared__ barrier bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= 2.0f;
  barrier::arrival_token token = bar.arrive();
  bar.wait(std::move(token));
}

void ConstantInit(float *data, int size, float val) {
  for (int i = 0; i < size; ++i) data[i] = val;
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  int major = 0;
  checkCudaErrors(
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  if (major < 7) {
    printf("globalToShmemAsyncCopy requires SM 7.0 or higher.  Exiting...\n");
    exit(EXIT_WAIVED);
  }

  dim3 dimsA(10 * 4 * BLOCK_SIZE, 10 * 4 * BLOCK_SIZE, 1);
  dim3 dimsB(10 * 4 * BLOCK_SIZE, 10 * 4 * BLOCK_SIZE, 1);
  unsigned int size_A = dimsA.x * dimsA.y;
  unsigned int size_B = dimsB.x * dimsB.y;
  float *h_A, *h_B, *h_C;
  checkCudaErrors(cudaMallocHost(&h_A, sizeof(float) * size_A));
  checkCudaErrors(cudaMallocHost(&h_B, sizeof(float) * size_B));
  dim3 dimsC(dimsB.x, dimsA.y, 1);
  checkCudaErrors(cudaMallocHost(&h_C, dimsC.x * dimsC.y * sizeof(float)));
  ConstantInit(h_A, size_A, 1.0f);
  ConstantInit(h_B, size_B, 0.01f);

  float *d_A, *d_B, *d_C;
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_A), sizeof(float) * size_A));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_B), sizeof(float) * size_B));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_C), dimsC.x * dimsC.y * sizeof(float)));
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  checkCudaErrors(cudaMemcpyAsync(d_A, h_A, sizeof(float) * size_A,
                                  cudaMemcpyHostToDevice, stream));
  checkCudaErrors(cudaMemcpyAsync(d_B, h_B, sizeof(float) * size_B,
                                  cudaMemcpyHostToDevice, stream));

  dim3 threads(BLOCK_SIZE, BLOCK_SIZE);
  dim3 grid(dimsB.x / threads.x, dimsA.y / threads.y);
  MatrixMulAsyncCopyMultiStage<BLOCK_SIZE>
      <<<grid, threads, 0, stream>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  MatrixMulAsyncCopySingleStage<BLOCK_SIZE>
      <<<grid, threads, 0, stream>>>(d_C, d_A, d_B, dimsA.x, dimsB.x);
  scaleWithBarrier<<<dimsC.x * dimsC.y / 256, 256, 0, stream>>>(d_C, dimsC.x * dimsC.y);
  checkCudaErrors(cudaMemcpyAsync(h_C, d_C, dimsC.x * dimsC.y * sizeof(float),
                                  cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));

  checkCudaErrors(cudaFreeHost(h_A));
  checkCudaErrors(cudaFreeHost(h_B));
  checkCudaErrors(cudaFreeHost(h_C));
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_C));
  checkCudaErrors(cudaStreamDestroy(stream));
  return 0;
}
