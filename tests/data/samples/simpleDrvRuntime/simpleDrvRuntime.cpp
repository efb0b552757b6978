/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

/**
 * Demonstrates how the CUDA runtime and driver APIs interoperate: memory is
 * allocated with the runtime, the kernel is loaded from a fatbin with the
 * driver API into the runtime's primary context, and launched on a runtime
 * stream with cuLaunchKernel.
 */

// Includes
#include <stdio.h>
#include <string.h>
#include <cstring>
#include <iostream>

// includes, project
#include <cuda.h>
#include <cuda_runtime.h>

#define CUDA_DRIVER_API
#include <helper_cuda.h>
#include <helper_functions.h>

#ifndef FATBIN_FILE
#define FATBIN_FILE "vectorAdd_kernel64.fatbin"
#endif

// Variables
float *h_A;
float *h_B;
float *h_C;
float *d_A;
float *d_B;
float *d_C;

// Functions
int CleanupNoFailure(CUcontext &cuContext);
void RandomInit(float *, int);

static void loadFatbin(const char *fatbin_name, char **argv,
                       std::ostringstream &ostrm) {
  char *actual_path = sdkFindFilePath(fatbin_name, argv[0]);
  if (!actual_path) {
    printf("> could not find <%s>\n", fatbin_name);
    exit(EXIT_FAILURE);
  }
  std::ifstream fileIn(actual_path, std::ios::binary);
  ostrm << fileIn.rdbuf();
  fileIn.close();
}

// Host code
int main(int argc, char **argv) {
  printf("simpleDrvRuntime..\n");
  int N = 50000, devID = 0;
  size_t size = N * sizeof(float);
  CUdevice cuDevice;
  CUfunction vecAdd_kernel;
  CUmodule cuModule = 0;
  CUcontext cuContext;

  // Initialize
  checkCudaErrors(cuInit(0));

  cuDevice = findCudaDevice(argc, (const char **)argv);
  // Create context
  checkCudaErrors(cuDevicePrimaryCtxRetain(&cuContext, cuDevice));
  checkCudaErrors(cuCtxSetCurrent(cuContext));

  int driverVersion = 0;
  checkCudaErrors(cuDriverGetVersion(&driverVersion));
  printf("> CUDA driver version %d\n", driverVersion);

  // first search for the module path before we load the results
  std::ostringstream fatbin;
  loadFatbin(FATBIN_FILE, argv, fatbin);

  if (!fatbin.str().size()) {
    printf("fatbin file empty. exiting..\n");
    exit(EXIT_FAILURE);
  }

  // Create module from binary file (FATBIN)
  checkCudaErrors(cuModuleLoadData(&cuModule, fatbin.str().c_str()));

  // Get function handle from module
  checkCudaErrors(
      cuModuleGetFunction(&vecAdd_kernel, cuModule, "VecAdd_kernel"));

  // Allocate input vectors h_A and h_B in host memory
  checkCudaErrors(cudaMallocHost(&h_A, size));
  checkCudaErrors(cudaMallocHost(&h_B, size));
  checkCudaErrors(cudaMallocHost(&h_C, size));

  // Initialize input vectors
  RandomInit(h_A, N);
  RandomInit(h_B, N);

  // Allocate vectors in device memory
  checkCudaErrors(cudaMalloc((void **)(&d_A), size));
  checkCudaErrors(cudaMalloc((void **)(&d_B), size));
  checkCudaErrors(cudaMalloc((void **)(&d_C), size));

  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  // Copy vectors from host memory to device memory
  checkCudaErrors(
      cudaMemcpyAsync(d_A, h_A, size, cudaMemcpyHostToDevice, stream));
  checkCudaErrors(
      cudaMemcpyAsync(d_B, h_B, size, cudaMemcpyHostToDevice, stream));

  int threadsPerBlock = 256;
  int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;

  void *args[] = {&d_A, &d_B, &d_C, &N};

  // Launch the CUDA kernel
  checkCudaErrors(cuLaunchKernel(vecAdd_kernel, blocksPerGrid, 1, 1,
                                 threadsPerBlock, 1, 1, 0, stream, args, NULL));

  // Copy result from device memory to host memory
  // h_C contains the result in host memory
  checkCudaErrors(
      cudaMemcpyAsync(h_C, d_C, size, cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  // Verify result
  int i;

  for (i = 0; i < N; ++i) {
    float sum = h_A[i] + h_B[i];

    if (fabs(h_C[i] - sum) > 1e-7f) {
      break;
    }
  }

  checkCudaErrors(cuModuleUnload(cuModule));
  CleanupNoFailure(cuContext);
  printf("%s\n", (i == N) ? "Result = PASS" : "Result = FAIL");

  exit((i == N) ? EXIT_SUCCESS : EXIT_FAILURE);
}

int CleanupNoFailure(CUcontext &cuContext) {
  // Free device memory
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_C));

  // Free host memory
  if (h_A) {
    checkCudaErrors(cudaFreeHost(h_A));
  }

  if (h_B) {
    checkCudaErrors(cudaFreeHost(h_B));
  }

  if (h_C) {
    checkCudaErrors(cudaFreeHost(h_C));
  }

  checkCudaErrors(cuDevicePrimaryCtxRelease(0));

  return EXIT_SUCCESS;
}
// Allocates an array with random float entries.
void RandomInit(float *data, int n) {
  for (int i = 0; i < n; ++i) {
    data[i] = rand() / (float)RAND_MAX;
  }
}
