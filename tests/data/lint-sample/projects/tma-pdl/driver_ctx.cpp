// Driver-API context handling for a plugin that shares the application's context.
#include <cuda.h>
#include <cstdio>

struct ScopedContext {
  CUcontext prev = nullptr;
  explicit ScopedContext(CUcontext c) {
    cuCtxGetCurrent(&prev);
    cuCtxSetCurrent(c);
  }
  ~ScopedContext() { cuCtxSetCurrent(prev); }
};

CUcontext retain_primary(int ordinal) {
  CUdevice dev;
  CUcontext ctx;
  cuInit(0);
  cuDeviceGet(&dev, ordinal);
  cuDevicePrimaryCtxRetain(&ctx, dev);
  unsigned flags = 0;
  int active = 0;
  cuDevicePrimaryCtxGetState(dev, &flags, &active);
  cuCtxPushCurrent(ctx);
  CUdevice cur;
  cuCtxGetDevice(&cur);
  cuCtxSynchronize();
  cuCtxPopCurrent(&ctx);
  unsigned api = 0;
  cuCtxGetApiVersion(ctx, &api);
  return ctx;
}

void release_primary(int ordinal) {
  CUdevice dev;
  cuDeviceGet(&dev, ordinal);
  cuDevicePrimaryCtxRelease(dev);
}

void copy_to_array(cudaArray_t arr, const float *host, size_t bytes) {
  cudaMemcpyToArray(arr, 0, 0, host, bytes, cudaMemcpyHostToDevice);
}
