// corpus: driver; driver API basics without modules: cuInit, cuDeviceGet*, primary context retain + cuCtxSetCurrent, cuMemAlloc/cuMemsetD32/cuMemcpy*
// corpus-link: -lcuda
#include <cstdio>
#include <cstdlib>
#include <cuda.h>

#define CU_CHECK(call)                                                          \
  do {                                                                          \
    CUresult res_ = (call);                                                     \
    if (res_ != CUDA_SUCCESS) {                                                 \
      fprintf(stderr, "driver API error %d at %s:%d (%s)\n", (int)res_, __FILE__, \
              __LINE__, #call);                                                 \
      exit(EXIT_FAILURE);                                                       \
    }                                                                           \
  } while (0)

int main() {
  CU_CHECK(cuInit(0));
  int driverVersion = 0, count = 0;
  CU_CHECK(cuDriverGetVersion(&driverVersion));
  CU_CHECK(cuDeviceGetCount(&count));
  printf("driver version > 0: %s\n", driverVersion > 0 ? "ok" : "FAIL");
  printf("device count >= 1: %s\n", count >= 1 ? "ok" : "FAIL");

  CUdevice dev;
  CU_CHECK(cuDeviceGet(&dev, 0));
  char name[256] = {0};
  CU_CHECK(cuDeviceGetName(name, sizeof(name), dev));
  int warp = 0, major = 0, maxThreads = 0;
  CU_CHECK(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
  CU_CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CU_CHECK(cuDeviceGetAttribute(&maxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev));
  size_t totalMem = 0;
  CU_CHECK(cuDeviceTotalMem(&totalMem, dev));
  printf("name non-empty: %s\n", name[0] ? "ok" : "FAIL");
  printf("warp size 32 or 64: %s\n", (warp == 32 || warp == 64) ? "ok" : "FAIL");
  printf("attributes sane: %s\n", (major >= 1 && maxThreads >= 256 && totalMem > 0) ? "ok" : "FAIL");

  // CUDA 13 changed cuCtxCreate's signature; the primary context works everywhere.
  CUcontext ctx;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CU_CHECK(cuCtxSetCurrent(ctx));
  CUdevice current;
  CU_CHECK(cuCtxGetDevice(&current));
  printf("context device matches: %s\n", current == dev ? "ok" : "FAIL");

  const int n = 1 << 16;
  CUdeviceptr a, b;
  CU_CHECK(cuMemAlloc(&a, n * sizeof(unsigned int)));
  CU_CHECK(cuMemAlloc(&b, n * sizeof(unsigned int)));
  CU_CHECK(cuMemsetD32(a, 0xDEADBEEFu, n));
  unsigned int* h = (unsigned int*)malloc(n * sizeof(unsigned int));
  CU_CHECK(cuMemcpyDtoH(h, a, n * sizeof(unsigned int)));
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == 0xDEADBEEFu;
  printf("cuMemsetD32: %s\n", ok ? "ok" : "FAIL");

  for (int i = 0; i < n; ++i) h[i] = (unsigned int)i * 3u;
  CU_CHECK(cuMemcpyHtoD(a, h, n * sizeof(unsigned int)));
  CU_CHECK(cuMemcpyDtoD(b, a, n * sizeof(unsigned int)));
  CU_CHECK(cuCtxSynchronize());
  for (int i = 0; i < n; ++i) h[i] = 0;
  CU_CHECK(cuMemcpyDtoH(h, b, n * sizeof(unsigned int)));
  unsigned long long sum = 0;
  bool copyOk = true;
  for (int i = 0; i < n; ++i) {
    copyOk = copyOk && h[i] == (unsigned int)i * 3u;
    sum += h[i];
  }
  printf("HtoD/DtoD/DtoH checksum = %llu %s\n", sum, copyOk ? "ok" : "FAIL");

  size_t freeMem = 0, total = 0;
  CU_CHECK(cuMemGetInfo(&freeMem, &total));
  printf("cuMemGetInfo free<=total: %s\n", freeMem <= total ? "ok" : "FAIL");

  CU_CHECK(cuMemFree(a));
  CU_CHECK(cuMemFree(b));
  CU_CHECK(cuDevicePrimaryCtxRelease(dev));
  free(h);
  ok = ok && copyOk && count >= 1 && (warp == 32 || warp == 64) && current == dev;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
