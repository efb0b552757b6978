/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// A grid-wide Jacobi-style iteration in one cooperative launch, after the
// conjugateGradientMultiBlockCG sample: grid.sync() between phases,
// cg::reduce over warp tiles for the residual, cudaLaunchCooperativeKernel
// sized from the occupancy API, and the cooperative-launch attribute check.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <helper_cuda.h>
#include <helper_functions.h>

namespace cg = cooperative_groups;

#define THREADS_PER_BLOCK 256

__device__ double grid_dot_result;

__device__ void gridDotProduct(const float *x, const float *y, int n, double *scratch,
                               const cg::thread_block &cta, const cg::grid_group &grid) {
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  double temp_sum = 0.0;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) {
    temp_sum += (double)(x[i] * y[i]);
  }
  temp_sum = cg::reduce(tile32, temp_sum, cg::plus<double>());
  if (tile32.thread_rank() == 0) {
    scratch[threadIdx.x / 32] = temp_sum;
  }
  cg::sync(cta);
  if (tile32.meta_group_rank() == 0) {
    temp_sum = tile32.thread_rank() < tile32.meta_group_size() ? scratch[tile32.thread_rank()] : 0.0;
    temp_sum = cg::reduce(tile32, temp_sum, cg::plus<double>());
    if (tile32.thread_rank() == 0) {
      atomicAdd(&grid_dot_result, temp_sum);
    }
  }
}

extern "C" __global__ void jacobiSolve(const float *A, const float *b, float *x, float *xNew,
                                       double *residual, int n, int maxIter) {
  cg::thread_block cta = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  extern __shared__ double scratch[];

  for (int k = 0; k < maxIter; k++) {
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
      float sigma = 0.0f;
      for (int j = 0; j < n; j++) {
        if (j != i) sigma += A[i * n + j] * x[j];
      }
      xNew[i] = (b[i] - sigma) / A[i * n + i];
    }
    if (grid.thread_rank() == 0) grid_dot_result = 0.0;
    grid.sync();
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
      x[i] = xNew[i] - x[i];
    }
    grid.sync();
    gridDotProduct(x, x, n, scratch, cta, grid);
    grid.sync();
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
      x[i] = xNew[i];
    }
    if (grid.thread_rank() == 0) residual[k] = sqrt(grid_dot_result);
    grid.sync();
  }
}

int main(int argc, char **argv) {
  int devID = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, devID));

  int supportsCoopLaunch = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&supportsCoopLaunch, cudaDevAttrCooperativeLaunch, devID));
  if (!supportsCoopLaunch) {
    printf("Selected GPU (%d) does not support Cooperative Kernel Launch, Waiving the run\n", devID);
    exit(EXIT_WAIVED);
  }

  const int N = 512, maxIter = 50;
  float *A, *b, *x, *xNew;
  double *residual;
  checkCudaErrors(cudaMallocManaged((void **)&A, sizeof(float) * N * N));
  checkCudaErrors(cudaMallocManaged((void **)&b, sizeof(float) * N));
  checkCudaErrors(cudaMallocManaged((void **)&x, sizeof(float) * N));
  checkCudaErrors(cudaMallocManaged((void **)&xNew, sizeof(float) * N));
  checkCudaErrors(cudaMallocManaged((void **)&residual, sizeof(double) * maxIter));
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) A[i * N + j] = (i == j) ? 2.0f * N : 1.0f;
    b[i] = 1.0f;
    x[i] = 0.0f;
  }

  int sMemSize = sizeof(double) * ((THREADS_PER_BLOCK / 32) + 1);
  int numBlocksPerSm = 0;
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksPerSm, jacobiSolve,
                                                                THREADS_PER_BLOCK, sMemSize));
  int numSms = deviceProp.multiProcessorCount;
  dim3 dimGrid(numSms * numBlocksPerSm, 1, 1), dimBlock(THREADS_PER_BLOCK, 1, 1);

  int n = N, iters = maxIter;
  void *kernelArgs[] = {(void *)&A, (void *)&b, (void *)&x, (void *)&xNew,
                        (void *)&residual, (void *)&n, (void *)&iters};
  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  checkCudaErrors(cudaLaunchCooperativeKernel((void *)jacobiSolve, dimGrid, dimBlock, kernelArgs,
                                              sMemSize, NULL));
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("GPU time = %.3f ms, final residual = %e\n", sdkGetTimerValue(&timer),
         residual[maxIter - 1]);
  sdkDeleteTimer(&timer);
  bool converged = residual[maxIter - 1] < 1e-5;

  checkCudaErrors(cudaFree(A));
  checkCudaErrors(cudaFree(b));
  checkCudaErrors(cudaFree(x));
  checkCudaErrors(cudaFree(xNew));
  checkCudaErrors(cudaFree(residual));
  return converged ? EXIT_SUCCESS : EXIT_FAILURE;
}
