/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 * (cuda-samples 5_Domain_Specific/fastWalshTransform, abridged for hipify-rs)
 * Dyadic convolution through the Walsh-Hadamard transform: the kernels live
 * in a .cuh included by the .cu, as the sample has them. */
#include <helper_cuda.h>
#include <helper_functions.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastWalshTransform_kernel.cuh"

const int log2Kernel = 7;
const int log2Data = 23;
const int dataN = 1 << log2Data;
const int kernelN = 1 << log2Kernel;
const int DATA_SIZE = dataN * sizeof(float);
const int KERNEL_SIZE = kernelN * sizeof(float);
const double NOPS = 3.0 * (double)dataN * (double)log2Data / 2.0;

int main(int argc, char *argv[]) {
  float *h_Data, *h_Kernel, *h_ResultGPU;
  float *d_Data, *d_Kernel;
  StopWatchInterface *hTimer = NULL;

  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char **)argv);
  sdkCreateTimer(&hTimer);

  h_Kernel = (float *)malloc(KERNEL_SIZE);
  h_Data = (float *)malloc(DATA_SIZE);
  h_ResultGPU = (float *)malloc(DATA_SIZE);
  checkCudaErrors(cudaMalloc((void **)&d_Kernel, DATA_SIZE));
  checkCudaErrors(cudaMalloc((void **)&d_Data, DATA_SIZE));

  srand(2007);
  for (int i = 0; i < kernelN; i++) h_Kernel[i] = (float)rand() / (float)RAND_MAX;
  for (int i = 0; i < dataN; i++) h_Data[i] = (float)rand() / (float)RAND_MAX;

  checkCudaErrors(cudaMemset(d_Kernel, 0, DATA_SIZE));
  checkCudaErrors(cudaMemcpy(d_Kernel, h_Kernel, KERNEL_SIZE, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_Data, h_Data, DATA_SIZE, cudaMemcpyHostToDevice));

  checkCudaErrors(cudaDeviceSynchronize());
  sdkResetTimer(&hTimer);
  sdkStartTimer(&hTimer);
  fwtBatchGPU(d_Data, 1, log2Data);
  fwtBatchGPU(d_Kernel, 1, log2Data);
  modulateGPU(d_Data, d_Kernel, dataN);
  fwtBatchGPU(d_Data, 1, log2Data);
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&hTimer);
  double gpuTime = sdkGetTimerValue(&hTimer);
  printf("GPU time: %f ms; GOP/s: %f\n", gpuTime,
         NOPS / (gpuTime * 0.001 * 1E+9));

  checkCudaErrors(cudaMemcpy(h_ResultGPU, d_Data, DATA_SIZE, cudaMemcpyDeviceToHost));
  sdkDeleteTimer(&hTimer);
  checkCudaErrors(cudaFree(d_Data));
  checkCudaErrors(cudaFree(d_Kernel));
  free(h_ResultGPU);
  free(h_Data);
  free(h_Kernel);
  return 0;
}
