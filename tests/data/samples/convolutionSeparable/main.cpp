/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

/*
 * This sample implements a separable convolution filter
 * of a 2D image with an arbitrary kernel.
 */

// CUDA runtime
#include <cuda_runtime.h>

// Utilities and system includes
#include <helper_functions.h>
#include <helper_cuda.h>

#include "convolutionSeparable_common.h"

extern "C" void convolutionRowCPU(float *h_Dst, float *h_Src, float *h_Kernel,
                                  int imageW, int imageH, int kernelR) {
  for (int y = 0; y < imageH; y++)
    for (int x = 0; x < imageW; x++) {
      float sum = 0;
      for (int k = -kernelR; k <= kernelR; k++) {
        int d = x + k;
        if (d >= 0 && d < imageW)
          sum += h_Src[y * imageW + d] * h_Kernel[kernelR - k];
      }
      h_Dst[y * imageW + x] = sum;
    }
}

////////////////////////////////////////////////////////////////////////////////
// Main program
////////////////////////////////////////////////////////////////////////////////
int main(int argc, char **argv) {
  // start logs
  printf("[%s] - Starting...\n", argv[0]);

  float *h_Kernel, *h_Input, *h_Buffer, *h_OutputCPU, *h_OutputGPU;

  float *d_Input, *d_Output, *d_Buffer;

  const int imageW = 3072;
  const int imageH = 3072;
  const int iterations = 16;

  StopWatchInterface *hTimer = NULL;

  // Use command-line specified CUDA device, otherwise use device with highest
  // Gflops/s
  findCudaDevice(argc, (const char **)argv);

  sdkCreateTimer(&hTimer);

  printf("Image Width x Height = %i x %i\n\n", imageW, imageH);
  printf("Allocating and initializing host arrays...\n");
  h_Kernel = (float *)malloc(KERNEL_LENGTH * sizeof(float));
  h_Input = (float *)malloc(imageW * imageH * sizeof(float));
  h_Buffer = (float *)malloc(imageW * imageH * sizeof(float));
  h_OutputCPU = (float *)malloc(imageW * imageH * sizeof(float));
  h_OutputGPU = (float *)malloc(imageW * imageH * sizeof(float));
  srand(200);

  for (unsigned int i = 0; i < KERNEL_LENGTH; i++) {
    h_Kernel[i] = (float)(rand() % 16);
  }

  for (unsigned i = 0; i < imageW * imageH; i++) {
    h_Input[i] = (float)(rand() % 16);
  }

  printf("Allocating and initializing CUDA arrays...\n");
  checkCudaErrors(
      cudaMalloc((void **)&d_Input, imageW * imageH * sizeof(float)));
  checkCudaErrors(
      cudaMalloc((void **)&d_Output, imageW * imageH * sizeof(float)));
  checkCudaErrors(
      cudaMalloc((void **)&d_Buffer, imageW * imageH * sizeof(float)));

  setConvolutionKernel(h_Kernel);
  checkCudaErrors(cudaMemcpy(d_Input, h_Input, imageW * imageH * sizeof(float),
                             cudaMemcpyHostToDevice));

  printf("Running GPU convolution (%u identical iterations)...\n\n",
         iterations);

  for (int i = -1; i < iterations; i++) {
    // i == -1 -- warmup iteration
    if (i == 0) {
      checkCudaErrors(cudaDeviceSynchronize());
      sdkResetTimer(&hTimer);
      sdkStartTimer(&hTimer);
    }

    convolutionRowsGPU(d_Buffer, d_Input, imageW, imageH);

    convolutionColumnsGPU(d_Output, d_Buffer, imageW, imageH);
  }

  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&hTimer);
  double gpuTime = 0.001 * sdkGetTimerValue(&hTimer) / (double)iterations;
  printf(
      "convolutionSeparable, Throughput = %.4f MPixels/sec, Time = %.5f s, "
      "Size = %u Pixels, NumDevsUsed = %i, Workgroup = %u\n",
      (1.0e-6 * (double)(imageW * imageH) / gpuTime), gpuTime,
      (imageW * imageH), 1, 0);

  printf("\nReading back GPU results...\n\n");
  checkCudaErrors(cudaMemcpy(h_OutputGPU, d_Output,
                             imageW * imageH * sizeof(float),
                             cudaMemcpyDeviceToHost));

  printf("Checking the results...\n");
  printf(" ...running convolutionRowCPU()\n");
  convolutionRowCPU(h_Buffer, h_Input, h_Kernel, imageW, imageH,
                    KERNEL_RADIUS);

  printf("Shutting down...\n");

  checkCudaErrors(cudaFree(d_Buffer));
  checkCudaErrors(cudaFree(d_Output));
  checkCudaErrors(cudaFree(d_Input));
  free(h_OutputGPU);
  free(h_OutputCPU);
  free(h_Buffer);
  free(h_Input);
  free(h_Kernel);

  sdkDeleteTimer(&hTimer);

  exit(EXIT_SUCCESS);
}
