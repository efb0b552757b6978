/*
 * Driver API: a pitched 2D buffer filled by a kernel from a module, copied
 * with CUDA_MEMCPY2D, a managed buffer, pointer queries, function attributes
 * and event timing, with the primary context instead of cuCtxCreate, as
 * libraries that share a context with the runtime do.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda.h>

#include <helper_cuda_drvapi.h>
#include <helper_functions.h>

#define CU_CHECK(call)                                                      \
  do {                                                                      \
    CUresult res_ = (call);                                                 \
    if (res_ != CUDA_SUCCESS) {                                             \
      const char *name_ = NULL, *msg_ = NULL;                               \
      cuGetErrorName(res_, &name_);                                         \
      cuGetErrorString(res_, &msg_);                                        \
      fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__,    \
              #call, name_, msg_);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

#ifndef FATBIN_FILE
#define FATBIN_FILE "simplePitch_kernel64.fatbin"
#endif

int main(int argc, char **argv) {
  CU_CHECK(cuInit(0));
  CUdevice dev = findCudaDeviceDRV(argc, (const char **)argv);

  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));
  CUdevice current;
  CU_CHECK(cuCtxGetDevice(&current));
  unsigned int ctxFlags = 0;
  int active = 0;
  CU_CHECK(cuDevicePrimaryCtxGetState(dev, &ctxFlags, &active));
  printf("primary context of device %d: flags 0x%x active %d\n", (int)current,
         ctxFlags, active);

  char *module_path = sdkFindFilePath(FATBIN_FILE, argv[0]);
  if (module_path == NULL) {
    printf("could not find %s\n", FATBIN_FILE);
    exit(EXIT_WAIVED);
  }
  CUmodule module;
  CUfunction fill;
  CU_CHECK(cuModuleLoad(&module, module_path));
  CU_CHECK(cuModuleGetFunction(&fill, module, "fill2D"));
  CUdeviceptr d_scale;
  size_t scaleBytes;
  CU_CHECK(cuModuleGetGlobal(&d_scale, &scaleBytes, module, "g_scale"));
  float scale = 0.5f;
  CU_CHECK(cuMemcpyHtoD(d_scale, &scale, scaleBytes));

  int regs = 0, maxThreads = 0, localBytes = 0;
  CU_CHECK(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fill));
  CU_CHECK(cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fill));
  CU_CHECK(cuFuncGetAttribute(&localBytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, fill));
  CU_CHECK(cuFuncSetCacheConfig(fill, CU_FUNC_CACHE_PREFER_L1));
  printf("fill2D: %d registers, %d threads at most, %d bytes local\n", regs,
         maxThreads, localBytes);

  const int width = 1000, height = 600;
  CUdeviceptr d_img;
  size_t pitch;
  CU_CHECK(cuMemAllocPitch(&d_img, &pitch, width * sizeof(float), height, 4));
  CUdeviceptr base;
  size_t extent;
  CU_CHECK(cuMemGetAddressRange(&base, &extent, d_img));
  printf("pitch %zu bytes, allocation of %zu bytes\n", pitch, extent);

  unsigned int memType = 0;
  CU_CHECK(cuPointerGetAttribute(&memType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, d_img));
  printf("memory type %s\n", memType == CU_MEMORYTYPE_DEVICE ? "device" : "other");

  CUstream stream;
  CUevent start, stop;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CU_CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
  CU_CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));

  int w = width, h = height;
  size_t p = pitch;
  void *args[] = {&d_img, &p, &w, &h};
  CU_CHECK(cuEventRecord(start, stream));
  CU_CHECK(cuLaunchKernel(fill, (width + 31) / 32, (height + 7) / 8, 1, 32, 8,
                          1, 0, stream, args, NULL));
  CU_CHECK(cuEventRecord(stop, stream));

  float *h_img = (float *)malloc(width * height * sizeof(float));
  CUDA_MEMCPY2D copy;
  memset(&copy, 0, sizeof(copy));
  copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.srcDevice = d_img;
  copy.srcPitch = pitch;
  copy.dstMemoryType = CU_MEMORYTYPE_HOST;
  copy.dstHost = h_img;
  copy.dstPitch = width * sizeof(float);
  copy.WidthInBytes = width * sizeof(float);
  copy.Height = height;
  CU_CHECK(cuMemcpy2DAsync(&copy, stream));
  CU_CHECK(cuStreamSynchronize(stream));
  float ms = 0;
  CU_CHECK(cuEventElapsedTime(&ms, start, stop));
  printf("fill2D: %.3f ms, img[1][2] = %f\n", ms, h_img[width + 2]);

  // A managed buffer: written on the host, read by the device.
  CUdeviceptr managed;
  CU_CHECK(cuMemAllocManaged(&managed, 1024 * sizeof(float), CU_MEM_ATTACH_GLOBAL));
  float *hm = (float *)(uintptr_t)managed;
  for (int i = 0; i < 1024; ++i) hm[i] = (float)i;
  int isManaged = 0;
  CU_CHECK(cuPointerGetAttribute(&isManaged, CU_POINTER_ATTRIBUTE_IS_MANAGED, managed));
  printf("managed: %d\n", isManaged);

  size_t freeB, totalB;
  CU_CHECK(cuMemGetInfo(&freeB, &totalB));
  printf("%zu of %zu MB free\n", freeB >> 20, totalB >> 20);

  CU_CHECK(cuMemFree(managed));
  CU_CHECK(cuMemFree(d_img));
  CU_CHECK(cuEventDestroy(start));
  CU_CHECK(cuEventDestroy(stop));
  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuModuleUnload(module));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  free(h_img);
  return 0;
}
