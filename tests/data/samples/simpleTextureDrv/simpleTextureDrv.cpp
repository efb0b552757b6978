/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

/*
 * This sample demonstrates how use texture fetches in CUDA through the
 * driver API: the image goes into a CUDA array filled by cuMemcpy2D, a
 * texture object is made with cuTexObjectCreate over it, and the kernel,
 * compiled offline to a fatbin, is loaded with cuModuleLoadData and
 * launched with cuLaunchKernel.
 */

// includes, system
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <iostream>
#include <cstring>

// includes, CUDA
#include <cuda.h>
#include <builtin_types.h>
// includes, project
#include <helper_cuda_drvapi.h>
#include <helper_functions.h>

using namespace std;

const char *image_filename = "lena_bw.pgm";
const char *sSDKsample = "simpleTextureDrv (Driver API)";

#define MIN_EPSILON_ERROR 5e-3f

static CUresult initCUDA(int argc, char **argv, CUfunction *);

const char *sampleName = "simpleTextureDrv";

static CUcontext cuContext;
static CUmodule cuModule;
static CUfunction transform = NULL;

void runTest(int argc, char **argv) {
  bool bTestResults = true;

  // initialize CUDA
  CUfunction transform = NULL;

  if (initCUDA(argc, argv, &transform) != CUDA_SUCCESS) {
    exit(EXIT_FAILURE);
  }

  // load image from disk
  float *h_data = NULL;
  unsigned int width, height;
  char *image_path = sdkFindFilePath(image_filename, argv[0]);

  if (image_path == NULL) {
    printf("Unable to find image file: '%s'\n", image_filename);
    exit(EXIT_FAILURE);
  }

  sdkLoadPGM(image_path, &h_data, &width, &height);

  size_t size = width * height * sizeof(float);
  printf("Loaded '%s', %d x %d pixels\n", image_filename, width, height);

  float angle = 0.5f;  // angle to rotate image by (in radians)

  // allocate device memory for result
  CUdeviceptr d_data = (CUdeviceptr)NULL;
  checkCudaErrors(cuMemAlloc(&d_data, size));

  // allocate array and copy image data
  CUarray cu_array;
  CUDA_ARRAY_DESCRIPTOR desc;
  desc.Format = CU_AD_FORMAT_FLOAT;
  desc.NumChannels = 1;
  desc.Width = width;
  desc.Height = height;
  checkCudaErrors(cuArrayCreate(&cu_array, &desc));
  CUDA_MEMCPY2D copyParam;
  memset(&copyParam, 0, sizeof(copyParam));
  copyParam.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  copyParam.dstArray = cu_array;
  copyParam.srcMemoryType = CU_MEMORYTYPE_HOST;
  copyParam.srcHost = h_data;
  copyParam.srcPitch = width * sizeof(float);
  copyParam.WidthInBytes = copyParam.srcPitch;
  copyParam.Height = height;
  checkCudaErrors(cuMemcpy2D(&copyParam));

  // set texture parameters
  CUtexObject TexObject;
  CUDA_RESOURCE_DESC ResDesc;
  memset(&ResDesc, 0, sizeof(CUDA_RESOURCE_DESC));
  ResDesc.resType = CU_RESOURCE_TYPE_ARRAY;
  ResDesc.res.array.hArray = cu_array;

  CUDA_TEXTURE_DESC TexDesc;
  memset(&TexDesc, 0, sizeof(CUDA_TEXTURE_DESC));
  TexDesc.addressMode[0] = CU_TR_ADDRESS_MODE_WRAP;
  TexDesc.addressMode[1] = CU_TR_ADDRESS_MODE_WRAP;
  TexDesc.addressMode[2] = CU_TR_ADDRESS_MODE_WRAP;
  TexDesc.filterMode = CU_TR_FILTER_MODE_LINEAR;
  TexDesc.flags = CU_TRSF_NORMALIZED_COORDINATES;

  checkCudaErrors(cuTexObjectCreate(&TexObject, &ResDesc, &TexDesc, NULL));

  // There are two ways to launch CUDA kernels via the Driver API.
  // In this CUDA Sample, we illustrate both ways to pass parameters
  // and specify parameters.  By default we use the simpler method.
  int block_size = 8;
  StopWatchInterface *timer = NULL;

  if (1) {
    // This is the new CUDA 4.0 API for Kernel Parameter passing and Kernel
    // Launching (simpler method)
    void *args[5] = {&d_data, &width, &height, &angle, &TexObject};

    checkCudaErrors(cuLaunchKernel(transform, (width / block_size),
                                   (height / block_size), 1, block_size,
                                   block_size, 1, 0, NULL, args, NULL));
    checkCudaErrors(cuCtxSynchronize());
    sdkCreateTimer(&timer);
    sdkStartTimer(&timer);

    // launch kernel again for performance measurement
    checkCudaErrors(cuLaunchKernel(transform, (width / block_size),
                                   (height / block_size), 1, block_size,
                                   block_size, 1, 0, NULL, args, NULL));
  } else {
    // This is the new CUDA 4.0 API for Kernel Parameter passing and Kernel
    // Launching (advanced method)
    int offset = 0;
    char argBuffer[256];

    // pass in launch parameters (not actually de-referencing CUdeviceptr).
    // CUdeviceptr is storing the value of the parameters
    *((CUdeviceptr *)&argBuffer[offset]) = d_data;
    offset += sizeof(d_data);
    *((unsigned int *)&argBuffer[offset]) = width;
    offset += sizeof(width);
    *((unsigned int *)&argBuffer[offset]) = height;
    offset += sizeof(height);
    *((float *)&argBuffer[offset]) = angle;
    offset += sizeof(angle);
    *((CUtexObject *)&argBuffer[offset]) = TexObject;
    offset += sizeof(TexObject);

    void *kernel_launch_config[5] = {CU_LAUNCH_PARAM_BUFFER_POINTER, argBuffer,
                                     CU_LAUNCH_PARAM_BUFFER_SIZE, &offset,
                                     CU_LAUNCH_PARAM_END};

    // new CUDA 4.0 Driver API Kernel launch call (warmup)
    checkCudaErrors(cuLaunchKernel(
        transform, (width / block_size), (height / block_size), 1, block_size,
        block_size, 1, 0, NULL, NULL, (void **)&kernel_launch_config));
    checkCudaErrors(cuCtxSynchronize());
    sdkCreateTimer(&timer);
    sdkStartTimer(&timer);

    // launch kernel again for performance measurement
    checkCudaErrors(cuLaunchKernel(
        transform, (width / block_size), (height / block_size), 1, block_size,
        block_size, 1, 0, 0, NULL, (void **)&kernel_launch_config));
  }

  checkCudaErrors(cuCtxSynchronize());
  sdkStopTimer(&timer);
  printf("Processing time: %f (ms)\n", sdkGetTimerValue(&timer));
  printf("%.2f Mpixels/sec\n",
         (width * height / (sdkGetTimerValue(&timer) / 1000.0f)) / 1e6);
  sdkDeleteTimer(&timer);

  // allocate mem for the result on host side
  float *h_odata = (float *)malloc(size);
  // copy result from device to host
  checkCudaErrors(cuMemcpyDtoH(h_odata, d_data, size));

  // write result to file
  char output_filename[1024];
  strcpy(output_filename, image_path);
  strcpy(output_filename + strlen(image_path) - 4, "_out.pgm");
  sdkSavePGM(output_filename, h_odata, width, height);
  printf("Wrote '%s'\n", output_filename);

  // cleanup memory
  checkCudaErrors(cuTexObjectDestroy(TexObject));
  checkCudaErrors(cuMemFree(d_data));
  checkCudaErrors(cuArrayDestroy(cu_array));

  free(image_path);
  free(h_data);
  free(h_odata);

  checkCudaErrors(cuCtxDestroy(cuContext));

  exit(bTestResults ? EXIT_SUCCESS : EXIT_FAILURE);
}

int main(int argc, char **argv) {
  printf("%s starting...\n", sampleName);
  runTest(argc, argv);
}

////////////////////////////////////////////////////////////////////////////////
//! This initializes CUDA, and loads the *.fatbin CUDA module containing the
//! kernel function.  After the module is loaded, cuModuleGetFunction
//! retrieves the CUDA function pointer "transformKernel"
////////////////////////////////////////////////////////////////////////////////
static CUresult initCUDA(int argc, char **argv, CUfunction *transform) {
  CUfunction cuFunction = 0;
  int major = 0, minor = 0, devID = 0;
  char deviceName[100];
  string module_path;

  CUdevice cuDevice = findCudaDeviceDRV(argc, (const char **)argv);

  // get compute capabilities and the devicename
  checkCudaErrors(cuDeviceGetAttribute(
      &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, cuDevice));
  checkCudaErrors(cuDeviceGetAttribute(
      &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, cuDevice));
  checkCudaErrors(cuDeviceGetName(deviceName, sizeof(deviceName), cuDevice));
  printf("> GPU Device has SM %d.%d compute capability\n", major, minor);

  checkCudaErrors(cuCtxCreate(&cuContext, NULL, 0, cuDevice));

  // first search for the module_path before we try to load the results
  std::ostringstream fatbin;

  if (!findFatbinPath("simpleTexture_kernel64.fatbin", module_path, argv,
                      fatbin)) {
    exit(EXIT_FAILURE);
  } else {
    printf("> initCUDA loading module: <%s>\n", module_path.c_str());
  }

  if (!fatbin.str().size()) {
    printf("fatbin file empty. exiting..\n");
    exit(EXIT_FAILURE);
  }

  // Create module from binary file (FATBIN)
  checkCudaErrors(cuModuleLoadData(&cuModule, fatbin.str().c_str()));

  checkCudaErrors(
      cuModuleGetFunction(&cuFunction, cuModule, "transformKernel"));

  *transform = cuFunction;

  return CUDA_SUCCESS;
}
