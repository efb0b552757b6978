/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 * (BSD 3-Clause; see ../LICENSE) */
// scalarProd: many dot products at once, the host reference in a .cpp
// (extern "C"), helper_functions' StopWatch timer, helper_cuda's
// findCudaDevice and checkCudaErrors, getLastCudaError after the launch.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <helper_functions.h>
#include <helper_cuda.h>

extern "C" void scalarProdCPU(float *h_C, float *h_A, float *h_B, int vectorN, int elementN);

#include "scalarProd_kernel.cuh"

float RandFloat(float low, float high) {
  float t = (float)rand() / (float)RAND_MAX;
  return (1.0f - t) * low + t * high;
}

const int VECTOR_N = 256;
const int ELEMENT_N = 4096;
const int DATA_N = VECTOR_N * ELEMENT_N;
const int DATA_SZ = DATA_N * sizeof(float);
const int RESULT_SZ = VECTOR_N * sizeof(float);

int main(int argc, char **argv) {
  float *h_A, *h_B, *h_C_CPU, *h_C_GPU;
  float *d_A, *d_B, *d_C;
  double delta, ref, sum_delta, sum_ref, L1norm;
  StopWatchInterface *hTimer = NULL;
  int i;

  printf("%s Starting...\n\n", argv[0]);
  findCudaDevice(argc, (const char **)argv);
  sdkCreateTimer(&hTimer);

  h_A = (float *)malloc(DATA_SZ);
  h_B = (float *)malloc(DATA_SZ);
  h_C_CPU = (float *)malloc(RESULT_SZ);
  h_C_GPU = (float *)malloc(RESULT_SZ);
  checkCudaErrors(cudaMalloc((void **)&d_A, DATA_SZ));
  checkCudaErrors(cudaMalloc((void **)&d_B, DATA_SZ));
  checkCudaErrors(cudaMalloc((void **)&d_C, RESULT_SZ));

  srand(123);
  for (i = 0; i < DATA_N; i++) {
    h_A[i] = RandFloat(0.0f, 1.0f);
    h_B[i] = RandFloat(0.0f, 1.0f);
  }
  checkCudaErrors(cudaMemcpy(d_A, h_A, DATA_SZ, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_B, h_B, DATA_SZ, cudaMemcpyHostToDevice));

  checkCudaErrors(cudaDeviceSynchronize());
  sdkResetTimer(&hTimer);
  sdkStartTimer(&hTimer);
  scalarProdGPU<<<128, 256>>>(d_C, d_A, d_B, VECTOR_N, ELEMENT_N);
  getLastCudaError("scalarProdGPU() execution failed\n");
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&hTimer);
  printf("GPU time: %f msecs.\n", sdkGetTimerValue(&hTimer));

  checkCudaErrors(cudaMemcpy(h_C_GPU, d_C, RESULT_SZ, cudaMemcpyDeviceToHost));
  scalarProdCPU(h_C_CPU, h_A, h_B, VECTOR_N, ELEMENT_N);
  sum_delta = 0;
  sum_ref = 0;
  for (i = 0; i < VECTOR_N; i++) {
    delta = fabs(h_C_GPU[i] - h_C_CPU[i]);
    ref = h_C_CPU[i];
    sum_delta += delta;
    sum_ref += ref;
  }
  L1norm = sum_delta / sum_ref;
  printf("L1 error: %E\n", L1norm);

  checkCudaErrors(cudaFree(d_C));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_A));
  free(h_C_GPU);
  free(h_C_CPU);
  free(h_B);
  free(h_A);
  sdkDeleteTimer(&hTimer);
  printf((L1norm < 1e-6) ? "Test passed\n" : "Test failed!\n");
  exit(L1norm < 1e-6 ? EXIT_SUCCESS : EXIT_FAILURE);
}
