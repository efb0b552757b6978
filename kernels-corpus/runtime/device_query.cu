// corpus: runtime; device count/properties/attributes query, printing only facts that hold on any GPU
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      fprintf(stderr, "CUDA error '%s' at %s:%d: %s\n", cudaGetErrorString(err_), \
              __FILE__, __LINE__, #call);                                       \
      exit(EXIT_FAILURE);                                                       \
    }                                                                           \
  } while (0)

static int failures = 0;

static void expect(bool cond, const char* what) {
  printf("%s: %s\n", what, cond ? "ok" : "FAIL");
  if (!cond) ++failures;
}

int main() {
  int count = 0;
  CUDA_CHECK(cudaGetDeviceCount(&count));
  expect(count >= 1, "deviceCount>=1");

  int dev = -1;
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaGetDevice(&dev));
  expect(dev == 0, "current device is 0");

  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  expect(prop.name[0] != '\0', "name non-empty");
  expect(prop.warpSize == 32 || prop.warpSize == 64, "warpSize is 32 or 64");
  expect(prop.maxThreadsPerBlock >= 256, "maxThreadsPerBlock>=256");
  expect(prop.maxThreadsDim[0] >= 256 && prop.maxThreadsDim[1] >= 1 && prop.maxThreadsDim[2] >= 1,
         "maxThreadsDim sane");
  expect(prop.maxGridSize[0] >= 65535, "maxGridSize[0]>=65535");
  expect(prop.multiProcessorCount > 0, "multiProcessorCount>0");
  expect(prop.totalGlobalMem > (size_t)(256u << 20), "totalGlobalMem>256MiB");
  expect(prop.sharedMemPerBlock >= 16 * 1024, "sharedMemPerBlock>=16KiB");
  expect(prop.totalConstMem >= 16 * 1024, "totalConstMem>=16KiB");
  expect(prop.regsPerBlock > 0, "regsPerBlock>0");
  expect(prop.major >= 1, "compute capability major>=1");
  expect(prop.maxThreadsPerMultiProcessor >= prop.warpSize, "maxThreadsPerMultiProcessor>=warpSize");

  int attrWarp = 0, attrSMs = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&attrWarp, cudaDevAttrWarpSize, dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&attrSMs, cudaDevAttrMultiProcessorCount, dev));
  expect(attrWarp == prop.warpSize, "attribute warpSize matches properties");
  expect(attrSMs == prop.multiProcessorCount, "attribute SM count matches properties");

  int driverVersion = 0, runtimeVersion = 0;
  CUDA_CHECK(cudaDriverGetVersion(&driverVersion));
  CUDA_CHECK(cudaRuntimeGetVersion(&runtimeVersion));
  expect(driverVersion > 0 && runtimeVersion > 0, "driver/runtime versions>0");

  size_t freeMem = 0, totalMem = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeMem, &totalMem));
  expect(totalMem > 0 && freeMem <= totalMem, "memGetInfo free<=total");

  if (failures) {
    printf("FAIL (%d)\n", failures);
    return EXIT_FAILURE;
  }
  printf("PASS\n");
  return 0;
}
