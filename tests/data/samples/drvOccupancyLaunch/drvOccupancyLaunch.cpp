// Driver-API host program in the style of a small library's loader: a
// module from a cubin file on disk, launch shapes from the occupancy
// calculator, function attributes and cache preference, context limits,
// pinned host memory with async copies on a non-blocking stream polled with
// cuStreamQuery, and a CU_CHECK macro that prints cuGetErrorName.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

#define CU_CHECK(expr)                                                          \
  do {                                                                          \
    CUresult status_ = (expr);                                                  \
    if (status_ != CUDA_SUCCESS) {                                              \
      const char *name_ = NULL;                                                 \
      cuGetErrorName(status_, &name_);                                          \
      fprintf(stderr, "%s:%d: %s returned %s\n", __FILE__, __LINE__, #expr, name_); \
      exit(EXIT_FAILURE);                                                       \
    }                                                                           \
  } while (0)

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "saxpy_kernel.cubin";
  CUdevice dev;
  CUcontext ctx;
  CUmodule module;
  CUfunction saxpy, blockSum;
  CUstream stream;

  CU_CHECK(cuInit(0));
  int count = 0;
  CU_CHECK(cuDeviceGetCount(&count));
  if (count == 0) {
    fprintf(stderr, "no CUDA device\n");
    return EXIT_FAILURE;
  }
  CU_CHECK(cuDeviceGet(&dev, 0));
  size_t totalMem = 0;
  CU_CHECK(cuDeviceTotalMem(&totalMem, dev));
  int smCount = 0, warp = 0;
  CU_CHECK(cuDeviceGetAttribute(&smCount, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  CU_CHECK(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
  int driverVersion = 0;
  CU_CHECK(cuDriverGetVersion(&driverVersion));
  printf("driver %d, %d SMs, warp %d, %zu MiB\n", driverVersion, smCount, warp, totalMem >> 20);

  CU_CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
  size_t stack = 0;
  CU_CHECK(cuCtxGetLimit(&stack, CU_LIMIT_STACK_SIZE));
  CU_CHECK(cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 1 << 20));
  CU_CHECK(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_L1));

  CU_CHECK(cuModuleLoad(&module, path));
  CU_CHECK(cuModuleGetFunction(&saxpy, module, "saxpy"));
  CU_CHECK(cuModuleGetFunction(&blockSum, module, "blockSum"));
  CU_CHECK(cuFuncSetCacheConfig(blockSum, CU_FUNC_CACHE_PREFER_SHARED));

  int regs = 0, maxThreads = 0, sharedBytes = 0;
  CU_CHECK(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, saxpy));
  CU_CHECK(cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, saxpy));
  CU_CHECK(cuFuncGetAttribute(&sharedBytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, blockSum));
  printf("saxpy: %d registers, %d threads max; blockSum: %d static shared bytes\n", regs,
         maxThreads, sharedBytes);

  int minGrid = 0, block = 0;
  CU_CHECK(cuOccupancyMaxPotentialBlockSize(&minGrid, &block, saxpy, NULL, 0, 0));
  int perSm = 0;
  CU_CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, blockSum, 256, 256 * sizeof(float)));
  printf("saxpy block %d (min grid %d); blockSum %d blocks per SM\n", block, minGrid, perSm);

  const int n = 1 << 22;
  const size_t bytes = n * sizeof(float);
  float *hx = NULL, *hy = NULL;
  CU_CHECK(cuMemAllocHost((void **)&hx, bytes));
  CU_CHECK(cuMemAllocHost((void **)&hy, bytes));
  for (int i = 0; i < n; i++) {
    hx[i] = 1.0f;
    hy[i] = 2.0f;
  }
  CUdeviceptr dx, dy, dsum;
  CU_CHECK(cuMemAlloc(&dx, bytes));
  CU_CHECK(cuMemAlloc(&dy, bytes));
  CU_CHECK(cuMemAlloc(&dsum, sizeof(float)));
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CU_CHECK(cuMemcpyHtoDAsync(dx, hx, bytes, stream));
  CU_CHECK(cuMemcpyHtoDAsync(dy, hy, bytes, stream));
  CU_CHECK(cuMemsetD32Async(dsum, 0, 1, stream));

  int nn = n;
  float a = 3.0f;
  void *saxpyArgs[] = {&nn, &a, &dx, &dy};
  unsigned int grid = smCount * (minGrid / (smCount ? smCount : 1));
  if (grid == 0) grid = (n + block - 1) / block;
  CU_CHECK(cuLaunchKernel(saxpy, grid, 1, 1, block, 1, 1, 0, stream, saxpyArgs, NULL));
  void *sumArgs[] = {&dy, &dsum, &nn};
  CU_CHECK(cuLaunchKernel(blockSum, (n + 255) / 256, 1, 1, 256, 1, 1, 256 * sizeof(float), stream,
                          sumArgs, NULL));
  float sum = 0.0f;
  CU_CHECK(cuMemcpyDtoHAsync(&sum, dsum, sizeof(float), stream));

  CUresult q;
  int polls = 0;
  while ((q = cuStreamQuery(stream)) == CUDA_ERROR_NOT_READY) polls++;
  CU_CHECK(q);
  printf("sum = %.0f (expected %.0f) after %d polls\n", sum, 5.0 * n, polls);

  CU_CHECK(cuStreamDestroy(stream));
  CU_CHECK(cuMemFree(dx));
  CU_CHECK(cuMemFree(dy));
  CU_CHECK(cuMemFree(dsum));
  CU_CHECK(cuMemFreeHost(hx));
  CU_CHECK(cuMemFreeHost(hy));
  CU_CHECK(cuModuleUnload(module));
  CU_CHECK(cuCtxDestroy(ctx));
  return 0;
}
