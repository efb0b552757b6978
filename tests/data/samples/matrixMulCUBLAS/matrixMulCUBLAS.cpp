/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 * (cuda-samples 4_CUDA_Libraries/matrixMulCUBLAS, abridged for hipify-rs)
 * C = A * B with cublasSgemm in column-major order (B and A swapped, as the
 * sample does for row-major data); helper_cuda.h's _cudaGetErrorEnum over
 * cublasStatus_t through checkCudaErrors. A .cpp: no kernel of its own. */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct _matrixSize {
  unsigned int uiWA, uiHA, uiWB, uiHB, uiWC, uiHC;
} sMatrixSize;

void randomInit(float *data, int size) {
  for (int i = 0; i < size; ++i) data[i] = rand() / (float)RAND_MAX;
}

int matrixMultiply(int argc, char **argv, int devID, sMatrixSize &matrix_size) {
  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, devID));
  int block_size = (deviceProp.major < 2) ? 16 : 32;

  unsigned int size_A = matrix_size.uiWA * matrix_size.uiHA;
  unsigned int mem_size_A = sizeof(float) * size_A;
  float *h_A = (float *)malloc(mem_size_A);
  unsigned int size_B = matrix_size.uiWB * matrix_size.uiHB;
  unsigned int mem_size_B = sizeof(float) * size_B;
  float *h_B = (float *)malloc(mem_size_B);
  srand(2006);
  randomInit(h_A, size_A);
  randomInit(h_B, size_B);

  float *d_A, *d_B, *d_C;
  unsigned int size_C = matrix_size.uiWC * matrix_size.uiHC;
  unsigned int mem_size_C = sizeof(float) * size_C;
  float *h_CUBLAS = (float *)malloc(mem_size_C);
  checkCudaErrors(cudaMalloc((void **)&d_A, mem_size_A));
  checkCudaErrors(cudaMalloc((void **)&d_B, mem_size_B));
  checkCudaErrors(cudaMemcpy(d_A, h_A, mem_size_A, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_B, h_B, mem_size_B, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMalloc((void **)&d_C, mem_size_C));

  dim3 threads(block_size, block_size);
  dim3 grid(matrix_size.uiWC / threads.x, matrix_size.uiHC / threads.y);
  printf("Computing result using CUBLAS...");
  int nIter = 30;
  {
    const float alpha = 1.0f;
    const float beta = 0.0f;
    cublasHandle_t handle;
    cudaEvent_t start, stop;
    checkCudaErrors(cublasCreate(&handle));
    checkCudaErrors(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, matrix_size.uiWB,
                                matrix_size.uiHA, matrix_size.uiWA, &alpha, d_B,
                                matrix_size.uiWB, d_A, matrix_size.uiWA, &beta, d_C,
                                matrix_size.uiWB));
    checkCudaErrors(cudaEventCreate(&start));
    checkCudaErrors(cudaEventCreate(&stop));
    checkCudaErrors(cudaEventRecord(start, NULL));
    for (int j = 0; j < nIter; j++) {
      checkCudaErrors(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, matrix_size.uiWB,
                                  matrix_size.uiHA, matrix_size.uiWA, &alpha, d_B,
                                  matrix_size.uiWB, d_A, matrix_size.uiWA, &beta,
                                  d_C, matrix_size.uiWB));
    }
    printf("done.\n");
    checkCudaErrors(cudaEventRecord(stop, NULL));
    checkCudaErrors(cudaEventSynchronize(stop));
    float msecTotal = 0.0f;
    checkCudaErrors(cudaEventElapsedTime(&msecTotal, start, stop));
    float msecPerMatrixMul = msecTotal / nIter;
    double flopsPerMatrixMul = 2.0 * (double)matrix_size.uiHC *
                               (double)matrix_size.uiWC * (double)matrix_size.uiHB;
    double gigaFlops = (flopsPerMatrixMul * 1.0e-9f) / (msecPerMatrixMul / 1000.0f);
    printf("Performance= %.2f GFlop/s, Time= %.3f msec, Size= %.0f Ops\n", gigaFlops,
           msecPerMatrixMul, flopsPerMatrixMul);
    checkCudaErrors(cudaMemcpy(h_CUBLAS, d_C, mem_size_C, cudaMemcpyDeviceToHost));
    checkCudaErrors(cublasDestroy(handle));
  }
  free(h_A);
  free(h_B);
  free(h_CUBLAS);
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_C));
  return EXIT_SUCCESS;
}

int main(int argc, char **argv) {
  printf("[Matrix Multiply CUBLAS] - Starting...\n");
  int devID = findCudaDevice(argc, (const char **)argv);
  sMatrixSize matrix_size;
  matrix_size.uiWA = 320;
  matrix_size.uiHA = 640;
  matrix_size.uiWB = 320;
  matrix_size.uiHB = 320;
  matrix_size.uiWC = 320;
  matrix_size.uiHC = 640;
  return matrixMultiply(argc, argv, devID, matrix_size);
}
