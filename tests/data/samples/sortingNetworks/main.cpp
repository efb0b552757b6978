/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 * (cuda-samples 2_Concepts_and_Techniques/sortingNetworks, abridged for hipify-rs) */
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_timer.h>
#include <stdio.h>
#include <stdlib.h>
#include "sortingNetworks_common.h"

int main(int argc, char **argv) {
  const uint N = 1048576;
  const uint DIR = 0;
  printf("%s Starting...\n\n", argv[0]);
  int dev = findCudaDevice(argc, (const char **)argv);
  if (dev == -1) return EXIT_FAILURE;

  uint *h_InputKey = (uint *)malloc(N * sizeof(uint));
  uint *h_InputVal = (uint *)malloc(N * sizeof(uint));
  uint *h_OutputKeyGPU = (uint *)malloc(N * sizeof(uint));
  srand(2001);
  for (uint i = 0; i < N; i++) {
    h_InputKey[i] = rand() % 65536;
    h_InputVal[i] = i;
  }
  uint *d_InputKey, *d_InputVal, *d_OutputKey, *d_OutputVal;
  checkCudaErrors(cudaMalloc((void **)&d_InputKey, N * sizeof(uint)));
  checkCudaErrors(cudaMalloc((void **)&d_InputVal, N * sizeof(uint)));
  checkCudaErrors(cudaMalloc((void **)&d_OutputKey, N * sizeof(uint)));
  checkCudaErrors(cudaMalloc((void **)&d_OutputVal, N * sizeof(uint)));
  checkCudaErrors(cudaMemcpy(d_InputKey, h_InputKey, N * sizeof(uint), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_InputVal, h_InputVal, N * sizeof(uint), cudaMemcpyHostToDevice));

  StopWatchInterface *hTimer = NULL;
  sdkCreateTimer(&hTimer);
  for (uint arrayLength = 64; arrayLength <= N; arrayLength *= 2) {
    checkCudaErrors(cudaDeviceSynchronize());
    sdkResetTimer(&hTimer);
    sdkStartTimer(&hTimer);
    uint threadCount = bitonicSort(d_OutputKey, d_OutputVal, d_InputKey, d_InputVal,
                                   N / arrayLength, arrayLength, DIR);
    checkCudaErrors(cudaDeviceSynchronize());
    sdkStopTimer(&hTimer);
    printf("arrayLength %u: %f ms (%u threads)\n", arrayLength, sdkGetTimerValue(&hTimer),
           threadCount);
  }
  checkCudaErrors(cudaMemcpy(h_OutputKeyGPU, d_OutputKey, N * sizeof(uint), cudaMemcpyDeviceToHost));
  sdkDeleteTimer(&hTimer);
  checkCudaErrors(cudaFree(d_OutputVal));
  checkCudaErrors(cudaFree(d_OutputKey));
  checkCudaErrors(cudaFree(d_InputVal));
  checkCudaErrors(cudaFree(d_InputKey));
  free(h_OutputKeyGPU);
  free(h_InputVal);
  free(h_InputKey);
  return EXIT_SUCCESS;
}
