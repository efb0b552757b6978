/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// The driver API loading a module from an image in memory with JIT options
// (after the ptxjit and vectorAddDrv samples): cuModuleLoadDataEx with an
// info/error log, a kernel and a __device__ global looked up by name,
// parameters passed both as a pointer array and as one packed buffer
// through cuLaunchKernel's `extra`, and the context made current and popped.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fstream>
#include <sstream>
#include <string>
#include <cuda.h>
#include <helper_cuda_drvapi.h>

#define LOG_SIZE 8192

static std::string readImage(const char *path) {
  std::ifstream in(path, std::ios::in | std::ios::binary);
  if (!in.good()) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(EXIT_FAILURE);
  }
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

int main(int argc, char **argv) {
  const char *image_path = argc > 1 ? argv[1] : "ptxJitDrv_kernel.fatbin";
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction kernel;
  CUdeviceptr d_data, d_scale;
  size_t scale_bytes;

  checkCudaErrors(cuInit(0));
  checkCudaErrors(cuDeviceGet(&device, 0));
  char name[256];
  checkCudaErrors(cuDeviceGetName(name, sizeof(name), device));
  int major = 0, minor = 0;
  checkCudaErrors(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device));
  checkCudaErrors(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device));
  printf("> Using device %s (SM %d.%d)\n", name, major, minor);
  checkCudaErrors(cuCtxCreate(&context, NULL, 0, device));

  // JIT options: logs, and the wall time the compilation took.
  char info_log[LOG_SIZE], error_log[LOG_SIZE];
  float walltime = 0.0f;
  CUjit_option options[5] = {CU_JIT_WALL_TIME, CU_JIT_INFO_LOG_BUFFER,
                             CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                             CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[5] = {(void *)&walltime, (void *)info_log, (void *)(size_t)LOG_SIZE,
                     (void *)error_log, (void *)(size_t)LOG_SIZE};
  std::string image = readImage(image_path);
  CUresult status = cuModuleLoadDataEx(&module, image.c_str(), 5, options, values);
  if (status != CUDA_SUCCESS) {
    fprintf(stderr, "module load failed:\n%s\n", error_log);
    exit(EXIT_FAILURE);
  }
  printf("> JIT took %f ms\n%s\n", walltime, info_log);

  checkCudaErrors(cuModuleGetFunction(&kernel, module, "scaleKernel"));
  checkCudaErrors(cuModuleGetGlobal(&d_scale, &scale_bytes, module, "scale"));
  float scale = 3.0f;
  checkCudaErrors(cuMemcpyHtoD(d_scale, &scale, scale_bytes));

  const int n = 1 << 16;
  checkCudaErrors(cuMemAlloc(&d_data, n * sizeof(int)));
  checkCudaErrors(cuMemsetD32(d_data, 1, n));
  int max_threads = 0;
  checkCudaErrors(cuFuncGetAttribute(&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, kernel));
  int threads = max_threads < 256 ? max_threads : 256;
  int blocks = (n + threads - 1) / threads;

  // Parameters as an array of pointers ...
  int count = n;
  void *args[] = {&d_data, &count};
  checkCudaErrors(cuLaunchKernel(kernel, blocks, 1, 1, threads, 1, 1, 0, NULL, args, NULL));
  checkCudaErrors(cuCtxSynchronize());

  // ... and as one packed buffer.
  struct {
    CUdeviceptr data;
    int n;
  } packed = {d_data, n};
  size_t packed_size = sizeof(packed);
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE,
                   &packed_size, CU_LAUNCH_PARAM_END};
  checkCudaErrors(cuLaunchKernel(kernel, blocks, 1, 1, threads, 1, 1, 0, 0, NULL, extra));
  checkCudaErrors(cuCtxSynchronize());

  int *h_data = (int *)malloc(n * sizeof(int));
  checkCudaErrors(cuMemcpyDtoH(h_data, d_data, n * sizeof(int)));
  printf("h_data[0] = %d (%s)\n", h_data[0], h_data[0] == 9 ? "PASS" : "FAIL");

  CUcontext popped;
  checkCudaErrors(cuCtxPopCurrent(&popped));
  checkCudaErrors(cuCtxPushCurrent(popped));
  free(h_data);
  checkCudaErrors(cuMemFree(d_data));
  checkCudaErrors(cuModuleUnload(module));
  checkCudaErrors(cuCtxDestroy(context));
  return 0;
}
