#include <dlfcn.h>
#include <stddef.h>
#include "cuda_loader.h"

tcuInit *cuInit;
tcuDriverGetVersion *cuDriverGetVersion;
tcuDeviceGet *cuDeviceGet;
tcuDeviceGetCount *cuDeviceGetCount;
tcuCtxCreate *cuCtxCreate;
tcuCtxDestroy *cuCtxDestroy;
tcuCtxPushCurrent *cuCtxPushCurrent;
tcuCtxPopCurrent *cuCtxPopCurrent;
tcuModuleLoadData *cuModuleLoadData;
tcuModuleGetFunction *cuModuleGetFunction;
tcuLaunchKernel *cuLaunchKernel;

#define LOAD(lib, name)                              \
  do {                                               \
    name = (t##name *)dlsym(lib, #name);             \
    if (name == NULL) return -1;                     \
  } while (0)

int cuewInit(void) {
  static int done = 0;
  static void *lib;
  if (done) return 0;
  lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (lib == NULL) return -1;
  LOAD(lib, cuInit);
  LOAD(lib, cuDriverGetVersion);
  LOAD(lib, cuDeviceGet);
  LOAD(lib, cuDeviceGetCount);
  LOAD(lib, cuCtxCreate);
  LOAD(lib, cuCtxDestroy);
  LOAD(lib, cuCtxPushCurrent);
  LOAD(lib, cuCtxPopCurrent);
  LOAD(lib, cuModuleLoadData);
  LOAD(lib, cuModuleGetFunction);
  LOAD(lib, cuLaunchKernel);
  int version = 0;
  if (cuInit(0) != CUDA_SUCCESS) return -1;
  cuDriverGetVersion(&version);
  if (version < 11040) return -2;  /* needs CUDA 11.4 for lazy loading */
  done = 1;
  return 0;
}
