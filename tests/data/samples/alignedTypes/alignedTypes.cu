/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 * (condensed from cuda-samples' Samples/6_Performance/alignedTypes; BSD 3-Clause, see ../LICENSE)
 *
 * Shows the effect of the alignment of structure types on the bandwidth of
 * a copy kernel: the same fields with and without __align__.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

typedef unsigned char uint8;
typedef unsigned short int uint16;

// Misaligned types
typedef struct {
  uint8 r, g, b;
} RGB8_misaligned;

typedef struct {
  unsigned int l, a;
} LA32_misaligned;

typedef struct {
  unsigned int r, g, b;
} RGB32_misaligned;

typedef struct {
  unsigned int r, g, b, a;
} RGBA32_misaligned;

// Aligned types
typedef struct __align__(4) {
  uint8 r, g, b, a;
} RGBA8;

typedef unsigned int I32;

typedef struct __align__(8) {
  unsigned int l, a;
} LA32;

typedef struct __align__(16) {
  unsigned int r, g, b;
} RGB32;

typedef struct __align__(16) {
  unsigned int r, g, b, a;
} RGBA32;

// Two RGBA32 elements side by side: 32-byte alignment.
typedef struct __align__(16) {
  RGBA32 c1, c2;
} RGBA32_2;

// Round a up to the nearest multiple of b.
int iAlignUp(int a, int b) { return (a % b != 0) ? (a - a % b + b) : a; }

// Round a down to the nearest multiple of b.
int iAlignDown(int a, int b) { return a - a % b; }

template <class TData>
__global__ void testKernel(TData *d_odata, TData *d_idata, int numElements) {
  const int tid = blockDim.x * blockIdx.x + threadIdx.x;
  const int numThreads = blockDim.x * gridDim.x;

  for (int pos = tid; pos < numElements; pos += numThreads) {
    d_odata[pos] = d_idata[pos];
  }
}

const int MEM_SIZE = 50000000;
const int NUM_ITERATIONS = 32;

unsigned char *d_idata, *d_odata;
unsigned char *h_idataCPU, *h_odataGPU;
StopWatchInterface *hTimer = NULL;

template <class TData>
int runTest(int packedElementSize, int memory_size) {
  const int totalMemSizeAligned = iAlignDown(memory_size, sizeof(TData));
  const int numElements = iAlignDown(memory_size / sizeof(TData), 16);

  checkCudaErrors(cudaMemset(d_odata, 0, memory_size));
  checkCudaErrors(cudaDeviceSynchronize());
  sdkResetTimer(&hTimer);
  sdkStartTimer(&hTimer);

  for (int i = 0; i < NUM_ITERATIONS; i++) {
    testKernel<TData><<<64, 256>>>((TData *)d_odata, (TData *)d_idata,
                                   numElements);
    getLastCudaError("testKernel() execution failed\n");
  }

  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&hTimer);
  double gpuTime = sdkGetTimerValue(&hTimer) / NUM_ITERATIONS;
  printf("Avg. time: %f ms / Copy throughput: %f GB/s.\n", gpuTime,
         (double)totalMemSizeAligned / (gpuTime * 0.001 * 1073741824.0));

  checkCudaErrors(cudaMemcpy(h_odataGPU, d_odata, memory_size,
                             cudaMemcpyDeviceToHost));

  int flag = 0;
  for (int pos = 0; pos < numElements; pos++) {
    if (memcmp(h_odataGPU + pos * sizeof(TData), h_idataCPU + pos * sizeof(TData),
               packedElementSize) != 0) {
      flag = 1;
      break;
    }
  }
  return flag ? 0 : 1;
}

int main(int argc, char **argv) {
  int i, nTotalFailures = 0;
  int devID;
  cudaDeviceProp deviceProp;
  printf("[%s] - Starting...\n", argv[0]);

  devID = findCudaDevice(argc, (const char **)argv);
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, devID));
  printf("[%s] has %d MP(s) x %d (Cores/MP) = %d (Cores)\n", deviceProp.name,
         deviceProp.multiProcessorCount,
         _ConvertSMVer2Cores(deviceProp.major, deviceProp.minor),
         _ConvertSMVer2Cores(deviceProp.major, deviceProp.minor) *
             deviceProp.multiProcessorCount);

  // Anything that is less than 192 Cores will have a scaled down workload
  float scale_factor =
      max((192.0f / (_ConvertSMVer2Cores(deviceProp.major, deviceProp.minor) *
                     (float)deviceProp.multiProcessorCount)),
          1.0f);
  int MemorySize = (int)(MEM_SIZE / scale_factor) & 0xffffff00;
  printf("> Compute scaling value = %4.2f\n", scale_factor);
  printf("> Memory Size = %d\n", MemorySize);

  sdkCreateTimer(&hTimer);

  printf("Allocating memory...\n");
  h_idataCPU = (unsigned char *)malloc(MemorySize);
  h_odataGPU = (unsigned char *)malloc(MemorySize);
  checkCudaErrors(cudaMalloc((void **)&d_idata, MemorySize));
  checkCudaErrors(cudaMalloc((void **)&d_odata, MemorySize));

  printf("Generating host input data array...\n");
  for (i = 0; i < MemorySize; i++) {
    h_idataCPU[i] = (i & 0xFF) + 1;
  }

  printf("Uploading input data to GPU memory...\n");
  checkCudaErrors(cudaMemcpy(d_idata, h_idataCPU, MemorySize,
                             cudaMemcpyHostToDevice));

  printf("Testing misaligned types...\n");
  printf("uint8...\n");
  nTotalFailures += runTest<uint8>(1, MemorySize);
  printf("uint16...\n");
  nTotalFailures += runTest<uint16>(2, MemorySize);
  printf("RGB8_misaligned...\n");
  nTotalFailures += runTest<RGB8_misaligned>(3, MemorySize);
  printf("LA32_misaligned...\n");
  nTotalFailures += runTest<LA32_misaligned>(8, MemorySize);
  printf("RGB32_misaligned...\n");
  nTotalFailures += runTest<RGB32_misaligned>(12, MemorySize);
  printf("RGBA32_misaligned...\n");
  nTotalFailures += runTest<RGBA32_misaligned>(16, MemorySize);

  printf("Testing aligned types...\n");
  printf("RGBA8...\n");
  nTotalFailures += runTest<RGBA8>(4, MemorySize);
  printf("I32...\n");
  nTotalFailures += runTest<I32>(4, MemorySize);
  printf("LA32...\n");
  nTotalFailures += runTest<LA32>(8, MemorySize);
  printf("RGB32...\n");
  nTotalFailures += runTest<RGB32>(12, MemorySize);
  printf("RGBA32...\n");
  nTotalFailures += runTest<RGBA32>(16, MemorySize);
  printf("RGBA32_2...\n");
  nTotalFailures += runTest<RGBA32_2>(32, MemorySize);

  printf("\n[alignedTypes] -> Test Results: %d Failures\n", nTotalFailures);

  printf("Shutting down...\n");
  checkCudaErrors(cudaFree(d_idata));
  checkCudaErrors(cudaFree(d_odata));
  free(h_odataGPU);
  free(h_idataCPU);

  sdkDeleteTimer(&hTimer);

  if (nTotalFailures != 0) {
    printf("Test failed!\n");
    exit(EXIT_FAILURE);
  }

  printf("Test passed\n");
  exit(EXIT_SUCCESS);
}
