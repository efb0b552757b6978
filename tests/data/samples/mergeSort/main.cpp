// In the style of cuda-samples mergeSort main.cpp: host code in a .cpp over the .cu's entry points.
#include <assert.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include <stdio.h>
#include <stdlib.h>
#include "mergeSort_common.h"

int main(int argc, char **argv) {
  uint *h_SrcKey, *h_SrcVal, *h_DstKey, *h_DstVal;
  uint *d_SrcKey, *d_SrcVal, *d_BufKey, *d_BufVal, *d_DstKey, *d_DstVal;
  StopWatchInterface *hTimer = NULL;
  const uint N = 4 * 1048576;
  const uint DIR = 1;
  const uint numValues = 65536;
  printf("%s Starting...\n\n", argv[0]);
  int dev = findCudaDevice(argc, (const char **)argv);
  if (dev == -1) return EXIT_FAILURE;
  h_SrcKey = (uint *)malloc(N * sizeof(uint));
  h_SrcVal = (uint *)malloc(N * sizeof(uint));
  h_DstKey = (uint *)malloc(N * sizeof(uint));
  h_DstVal = (uint *)malloc(N * sizeof(uint));
  srand(2009);
  for (uint i = 0; i < N; i++) h_SrcKey[i] = rand() % numValues;
  for (uint i = 0; i < N; i++) h_SrcVal[i] = i;
  checkCudaErrors(cudaMalloc((void **)&d_DstKey, N * sizeof(uint)));
  checkCudaErrors(cudaMalloc((void **)&d_DstVal, N * sizeof(uint)));
  checkCudaErrors(cudaMalloc((void **)&d_BufKey, N * sizeof(uint)));
  checkCudaErrors(cudaMalloc((void **)&d_BufVal, N * sizeof(uint)));
  checkCudaErrors(cudaMalloc((void **)&d_SrcKey, N * sizeof(uint)));
  checkCudaErrors(cudaMalloc((void **)&d_SrcVal, N * sizeof(uint)));
  checkCudaErrors(cudaMemcpy(d_SrcKey, h_SrcKey, N * sizeof(uint), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_SrcVal, h_SrcVal, N * sizeof(uint), cudaMemcpyHostToDevice));
  initMergeSort();
  sdkCreateTimer(&hTimer);
  sdkResetTimer(&hTimer);
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStartTimer(&hTimer);
  mergeSort(d_DstKey, d_DstVal, d_BufKey, d_BufVal, d_SrcKey, d_SrcVal, N, DIR);
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&hTimer);
  printf("Time: %f ms\n", sdkGetTimerValue(&hTimer));
  checkCudaErrors(cudaMemcpy(h_DstKey, d_DstKey, N * sizeof(uint), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(h_DstVal, d_DstVal, N * sizeof(uint), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (uint i = 1; i < N; i++)
    if (h_DstKey[i - 1] > h_DstKey[i]) { ok = false; break; }
  closeMergeSort();
  sdkDeleteTimer(&hTimer);
  checkCudaErrors(cudaFree(d_SrcVal));
  checkCudaErrors(cudaFree(d_SrcKey));
  checkCudaErrors(cudaFree(d_BufVal));
  checkCudaErrors(cudaFree(d_BufKey));
  checkCudaErrors(cudaFree(d_DstVal));
  checkCudaErrors(cudaFree(d_DstKey));
  free(h_DstVal); free(h_DstKey); free(h_SrcVal); free(h_SrcKey);
  exit(ok ? EXIT_SUCCESS : EXIT_FAILURE);
}
