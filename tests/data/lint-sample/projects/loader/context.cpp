#include <cstdio>
#include "cuda_loader.h"

struct GpuContext {
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  bool open(int ordinal) {
    if (cuewInit() != 0) return false;
    int n = 0;
    cuDeviceGetCount(&n);
    if (ordinal >= n) return false;
    cuDeviceGet(&dev, ordinal);
    return cuCtxCreate(&ctx, 0, dev) == CUDA_SUCCESS;
  }
  void push() { cuCtxPushCurrent(ctx); }
  void pop() { CUcontext c; cuCtxPopCurrent(&c); }
  ~GpuContext() { if (ctx) cuCtxDestroy(ctx); }
};

static bool new_enough() {
  int driverVersion = 0;
  cudaDriverGetVersion(&driverVersion);
  return driverVersion >= 11040;
}
