/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

/* Matrix multiplication: C = A * B.
 * Host code.
 *
 * This sample implements matrix multiplication using the CUDA driver API.
 * It has been written for clarity of exposition to illustrate various CUDA
 * programming principles, not with the goal of providing the most
 * performant generic kernel for matrix multiplication.
 */

// includes, system
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// includes, CUDA
#include <builtin_types.h>
#include <cuda.h>

// includes, project
#include <helper_cuda_drvapi.h>
#include <helper_functions.h>
#include <helper_image.h>

#include <iostream>
#include <string>

#define WA (4 * block_size)  // Matrix A width
#define HA (6 * block_size)  // Matrix A height
#define WB (4 * block_size)  // Matrix B width
#define HB WA                // Matrix B height
#define WC WB                // Matrix C width
#define HC HA                // Matrix C height

#ifndef PTX_FILE
#define PTX_FILE "matrixMul_kernel64.ptx"
#endif

const char *sSDKsample = "matrixMulDrv (Driver API)";

////////////////////////////////////////////////////////////////////////////////
// declaration, forward
void randomInit(float *, int);

static CUresult initCUDA(int argc, char **argv, CUfunction *pMatrixMul,
                         int *blk_size);

// global variables
CUdevice cuDevice;
CUcontext cuContext;
CUmodule cuModule;
size_t totalGlobalMem;

////////////////////////////////////////////////////////////////////////////////
// Program main
////////////////////////////////////////////////////////////////////////////////
int main(int argc, char **argv) {
  printf("[ %s ]\n", sSDKsample);

  // initialize CUDA
  CUfunction matrixMul = NULL;
  int block_size = 0;

  checkCudaErrors(initCUDA(argc, argv, &matrixMul, &block_size));

  // set seed for rand()
  srand(2006);

  // allocate host memory for matrices A and B
  unsigned int size_A = WA * HA;
  unsigned int mem_size_A = sizeof(float) * size_A;
  float *h_A = reinterpret_cast<float *>(malloc(mem_size_A));
  unsigned int size_B = WB * HB;
  unsigned int mem_size_B = sizeof(float) * size_B;
  float *h_B = reinterpret_cast<float *>(malloc(mem_size_B));
  size_t size_C = WC * HC;
  size_t mem_size_C = sizeof(float) * size_C;

  // initialize host memory
  randomInit(h_A, size_A);
  randomInit(h_B, size_B);

  // allocate device memory
  CUdeviceptr d_A;
  checkCudaErrors(cuMemAlloc(&d_A, mem_size_A));
  CUdeviceptr d_B;
  checkCudaErrors(cuMemAlloc(&d_B, mem_size_B));

  // copy host memory to device
  checkCudaErrors(cuMemcpyHtoD(d_A, h_A, mem_size_A));
  checkCudaErrors(cuMemcpyHtoD(d_B, h_B, mem_size_B));

  // allocate device memory for result
  CUdeviceptr d_C;
  checkCudaErrors(cuMemAlloc(&d_C, mem_size_C));

  // allocate mem for the result on host side
  float *h_C = reinterpret_cast<float *>(malloc(mem_size_C));

  // create and start timer
  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);

  // start the timer
  sdkStartTimer(&timer);

  // There are two ways to launch CUDA kernels via the Driver API.
  // In this CUDA Sample, we illustrate both ways to pass parameters
  // and specify parameters.  By default we use the simpler method.
  dim3 block(block_size, block_size, 1);
  dim3 grid(WC / block_size, HC / block_size, 1);

  if (1) {
    // This is the new CUDA 4.0 API for Kernel Parameter passing and Kernel
    // Launching (simplier method)
    size_t Matrix_Width_A = (size_t)WA;
    size_t Matrix_Width_B = (size_t)WB;
    void *args[5] = {&d_C, &d_A, &d_B, &Matrix_Width_A, &Matrix_Width_B};
    // new CUDA 4.0 Driver API Kernel launch call
    checkCudaErrors(cuLaunchKernel(
        matrixMul, grid.x, grid.y, grid.z, block.x, block.y, block.z,
        2 * block_size * block_size * sizeof(float), NULL, args, NULL));
  } else {
    // This is the new CUDA 4.0 API for Kernel Parameter passing and Kernel
    // Launching (advanced method)
    int offset = 0;
    char argBuffer[256];

    // pass in launch parameters (not actually de-referencing CUdeviceptr).
    // CUdeviceptr is storing the value of the parameters
    *(reinterpret_cast<CUdeviceptr *>(&argBuffer[offset])) = d_C;
    offset += sizeof(d_C);
    *(reinterpret_cast<CUdeviceptr *>(&argBuffer[offset])) = d_A;
    offset += sizeof(d_A);
    *(reinterpret_cast<CUdeviceptr *>(&argBuffer[offset])) = d_B;
    offset += sizeof(d_B);

    size_t Matrix_Width_A = (size_t)WA;
    size_t Matrix_Width_B = (size_t)WB;

    *(reinterpret_cast<CUdeviceptr *>(&argBuffer[offset])) = Matrix_Width_A;
    offset += sizeof(Matrix_Width_A);
    *(reinterpret_cast<CUdeviceptr *>(&argBuffer[offset])) = Matrix_Width_B;
    offset += sizeof(Matrix_Width_B);

    void *kernel_launch_config[5] = {CU_LAUNCH_PARAM_BUFFER_POINTER, argBuffer,
                                     CU_LAUNCH_PARAM_BUFFER_SIZE, &offset,
                                     CU_LAUNCH_PARAM_END};

    // new CUDA 4.0 Driver API Kernel launch call
    checkCudaErrors(cuLaunchKernel(
        matrixMul, grid.x, grid.y, grid.z, block.x, block.y, block.z,
        2 * block_size * block_size * sizeof(float), NULL, NULL,
        reinterpret_cast<void **>(&kernel_launch_config)));
  }

  // copy result from device to host
  checkCudaErrors(cuMemcpyDtoH(reinterpret_cast<void *>(h_C), d_C, mem_size_C));

  // stop and destroy timer
  sdkStopTimer(&timer);
  printf("Processing time: %f (ms)\n", sdkGetTimerValue(&timer));
  sdkDeleteTimer(&timer);

  // clean up memory
  free(h_A);
  free(h_B);
  free(h_C);
  checkCudaErrors(cuMemFree(d_A));
  checkCudaErrors(cuMemFree(d_B));
  checkCudaErrors(cuMemFree(d_C));
  checkCudaErrors(cuCtxDestroy(cuContext));

  return 0;
}

// Allocates a matrix with random float entries.
void randomInit(float *data, int size) {
  for (int i = 0; i < size; ++i) {
    data[i] = rand() / static_cast<float>(RAND_MAX);
  }
}

static CUresult initCUDA(int argc, char **argv, CUfunction *pMatrixMul,
                         int *blk_size) {
  CUfunction cuFunction = 0;
  CUresult status;
  int major = 0, minor = 0;
  char deviceName[100];
  std::string module_path, ptx_source;

  cuDevice = findCudaDeviceDRV(argc, (const char **)argv);

  // get compute capabilities and the devicename
  checkCudaErrors(cuDeviceGetAttribute(
      &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, cuDevice));
  checkCudaErrors(cuDeviceGetAttribute(
      &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, cuDevice));
  checkCudaErrors(cuDeviceGetName(deviceName, sizeof(deviceName), cuDevice));
  printf("> GPU Device has SM %d.%d compute capability\n", major, minor);

  checkCudaErrors(cuDeviceTotalMem(&totalGlobalMem, cuDevice));
  printf("  Total amount of global memory:     %llu bytes\n",
         (long long unsigned int)totalGlobalMem);

  status = cuCtxCreate(&cuContext, NULL, 0, cuDevice);

  if (CUDA_SUCCESS != status) {
    goto Error;
  }

  // first search for the module path before we load the results
  {
    char *path = sdkFindFilePath(PTX_FILE, argv[0]);
    if (path == NULL) {
      printf("> findModulePath could not find <%s> ptx\n", PTX_FILE);
      status = CUDA_ERROR_NOT_FOUND;
      goto Error;
    }
    std::ifstream fileIn(path, std::ios::binary);
    std::ostringstream ptx;
    ptx << fileIn.rdbuf();
    ptx_source = ptx.str();
  }

  {
    // Create module from binary file (PTX), with JIT options
    const unsigned int jitNumOptions = 3;
    CUjit_option *jitOptions = new CUjit_option[jitNumOptions];
    void **jitOptVals = new void *[jitNumOptions];

    // set up size of compilation log buffer
    jitOptions[0] = CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES;
    int jitLogBufferSize = 1024;
    jitOptVals[0] = reinterpret_cast<void *>((size_t)jitLogBufferSize);

    // set up pointer to the compilation log buffer
    jitOptions[1] = CU_JIT_INFO_LOG_BUFFER;
    char *jitLogBuffer = new char[jitLogBufferSize];
    jitOptVals[1] = jitLogBuffer;

    // set up pointer to set the Maximum # of registers for a particular kernel
    jitOptions[2] = CU_JIT_MAX_REGISTERS;
    int jitRegCount = 32;
    jitOptVals[2] = reinterpret_cast<void *>((size_t)jitRegCount);

    status = cuModuleLoadDataEx(&cuModule, ptx_source.c_str(), jitNumOptions,
                                jitOptions, jitOptVals);
    printf("> PTX JIT log:\n%s\n", jitLogBuffer);
    delete[] jitOptions;
    delete[] jitOptVals;
    delete[] jitLogBuffer;
  }

  if (CUDA_SUCCESS != status) {
    goto Error;
  }

  // select the suitable kernel function
  {
    const char *kernels[] = {"matrixMul_bs32_64bit", "matrixMul_bs16_64bit"};

    int idx = 0;
    int block_size = 32;
    while (idx < 2) {
      int threadsPerBlock = 0;
      int blocksPerSM = 0;

      checkCudaErrors(cuModuleGetFunction(&cuFunction, cuModule, kernels[idx]));
      checkCudaErrors(cuOccupancyMaxPotentialBlockSize(
          &blocksPerSM, &threadsPerBlock, cuFunction, 0,
          2 * block_size * block_size * sizeof(float), 0));
      if (block_size * block_size <= threadsPerBlock) {
        printf("> %d block size selected\n", block_size);
        break;
      } else {
        block_size /= 2;
      }
      idx++;
    }

    *pMatrixMul = cuFunction;
    *blk_size = block_size;
  }

  return CUDA_SUCCESS;
Error:
  cuCtxDestroy(cuContext);
  return status;
}
