/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// CUDA Runtime
#include <cuda_runtime.h>

// Utility and system includes
#include <helper_cuda.h>
#include <helper_functions.h>  // helper for shared that are common to CUDA Samples

// project include
#include "histogram_common.h"

const int numRuns = 16;
const static char *sSDKsample = "[histogram]\0";

int main(int argc, char **argv) {
  uchar *h_Data;
  uint *h_HistogramGPU;
  uchar *d_Data;
  uint *d_Histogram;
  StopWatchInterface *hTimer = NULL;
  uint byteCount = 64 * 1048576;

  // set logfile name and start logs
  printf("[%s] - Starting...\n", sSDKsample);

  // Use command-line specified CUDA device, otherwise use device with highest Gflops/s
  int dev = findCudaDevice(argc, (const char **)argv);

  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, dev));

  printf("CUDA device [%s] has %d Multi-Processors, Compute %d.%d\n", deviceProp.name,
         deviceProp.multiProcessorCount, deviceProp.major, deviceProp.minor);

  sdkCreateTimer(&hTimer);

  printf("Initializing data...\n");
  printf("...allocating CPU memory.\n");
  h_Data = (uchar *)malloc(byteCount);
  h_HistogramGPU = (uint *)malloc(HISTOGRAM256_BIN_COUNT * sizeof(uint));

  printf("...generating input data\n");
  srand(2009);

  for (uint i = 0; i < byteCount; i++) {
    h_Data[i] = rand() % 256;
  }

  printf("...allocating GPU memory and copying input data\n\n");
  checkCudaErrors(cudaMalloc((void **)&d_Data, byteCount));
  checkCudaErrors(cudaMalloc((void **)&d_Histogram, HISTOGRAM256_BIN_COUNT * sizeof(uint)));
  checkCudaErrors(cudaMemcpy(d_Data, h_Data, byteCount, cudaMemcpyHostToDevice));

  initHistogram256();

  for (int iter = -1; iter < numRuns; iter++) {
    // iter == -1 -- warmup iteration
    if (iter == 0) {
      checkCudaErrors(cudaDeviceSynchronize());
      sdkResetTimer(&hTimer);
      sdkStartTimer(&hTimer);
    }

    histogram256(d_Histogram, d_Data, byteCount);
  }

  cudaDeviceSynchronize();
  sdkStopTimer(&hTimer);
  double dAvgSecs = 1.0e-3 * (double)sdkGetTimerValue(&hTimer) / (double)numRuns;
  printf("histogram256() time (average) : %.5f sec, %.4f MB/sec\n\n", dAvgSecs,
         ((double)byteCount * 1.0e-6) / dAvgSecs);

  checkCudaErrors(cudaMemcpy(h_HistogramGPU, d_Histogram, HISTOGRAM256_BIN_COUNT * sizeof(uint),
                             cudaMemcpyDeviceToHost));

  closeHistogram256();

  printf("Shutting down...\n");
  sdkDeleteTimer(&hTimer);
  checkCudaErrors(cudaFree(d_Histogram));
  checkCudaErrors(cudaFree(d_Data));
  free(h_HistogramGPU);
  free(h_Data);

  return EXIT_SUCCESS;
}
