// vectorAdd over host memory the device reads in place: mapped, portable and
// write-combined allocations, registered memory, and what the runtime says
// about each pointer. In the style of the CUDA C Programming Guide's
// "Mapped Memory" section and the course code built on it.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                \
  do {                                                                  \
    cudaError_t e = (call);                                             \
    if (e != cudaSuccess) {                                             \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorName(e), cudaGetErrorString(e));              \
      exit(1);                                                          \
    }                                                                   \
  } while (0)

#define cudaCheckError()                                                \
  {                                                                     \
    cudaError_t e = cudaPeekAtLastError();                              \
    if (e != cudaSuccess) {                                             \
      printf("Cuda failure %s:%d: '%s'\n", __FILE__, __LINE__,          \
             cudaGetErrorString(e));                                    \
      exit(0);                                                          \
    }                                                                   \
  }

__global__ void vectorAdd(const float *__restrict__ a,
                          const float *__restrict__ b, float *__restrict__ c,
                          int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    c[i] = a[i] + b[i];
}

static const char *memoryTypeName(cudaMemoryType t) {
  switch (t) {
    case cudaMemoryTypeUnregistered:
      return "unregistered";
    case cudaMemoryTypeHost:
      return "host";
    case cudaMemoryTypeDevice:
      return "device";
    case cudaMemoryTypeManaged:
      return "managed";
  }
  return "?";
}

static void describe(const char *name, const void *p) {
  cudaPointerAttributes attr;
  CUDA_CHECK(cudaPointerGetAttributes(&attr, p));
  printf("%-8s type=%-12s device=%d dev=%p host=%p\n", name,
         memoryTypeName(attr.type), attr.device, attr.devicePointer,
         attr.hostPointer);
}

int main(int argc, char **argv) {
  // Pick a device like ours: 6.0 or newer, that maps host memory.
  cudaDeviceProp want;
  memset(&want, 0, sizeof(want));
  want.major = 6;
  want.minor = 0;
  int dev;
  CUDA_CHECK(cudaChooseDevice(&dev, &want));
  char busId[32];
  CUDA_CHECK(cudaDeviceGetPCIBusId(busId, sizeof(busId), dev));
  int same;
  CUDA_CHECK(cudaDeviceGetByPCIBusId(&same, busId));
  printf("device %d at %s (%d)\n", dev, busId, same);

  int canMap = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&canMap, cudaDevAttrCanMapHostMemory, dev));
  if (!canMap) {
    printf("device cannot map host memory; waiving\n");
    return 0;
  }

  // Flags must be set before the context is created.
  CUDA_CHECK(cudaSetDevice(dev));
  CUDA_CHECK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
  unsigned int devFlags = 0;
  CUDA_CHECK(cudaGetDeviceFlags(&devFlags));
  printf("device flags 0x%x (blocking sync: %s)\n", devFlags,
         (devFlags & cudaDeviceScheduleMask) == cudaDeviceScheduleBlockingSync
             ? "yes"
             : "no");

  const int n = 1 << 20;
  const size_t bytes = n * sizeof(float);
  float *a, *b, *c;
  CUDA_CHECK(cudaHostAlloc((void **)&a, bytes,
                           cudaHostAllocMapped | cudaHostAllocWriteCombined));
  CUDA_CHECK(cudaHostAlloc((void **)&b, bytes,
                           cudaHostAllocMapped | cudaHostAllocPortable));
  // c: ordinary malloc'd memory, page-locked and mapped after the fact.
  c = (float *)malloc(bytes);
  CUDA_CHECK(cudaHostRegister(c, bytes, cudaHostRegisterMapped));

  unsigned int flagsA = 0, flagsB = 0;
  CUDA_CHECK(cudaHostGetFlags(&flagsA, a));
  CUDA_CHECK(cudaHostGetFlags(&flagsB, b));
  printf("a: mapped=%d wc=%d; b: portable=%d\n",
         !!(flagsA & cudaHostAllocMapped), !!(flagsA & cudaHostAllocWriteCombined),
         !!(flagsB & cudaHostAllocPortable));

  for (int i = 0; i < n; ++i) {
    a[i] = 1.0f;
    b[i] = 2.0f;
  }

  float *dA, *dB, *dC;
  CUDA_CHECK(cudaHostGetDevicePointer((void **)&dA, a, 0));
  CUDA_CHECK(cudaHostGetDevicePointer((void **)&dB, b, 0));
  CUDA_CHECK(cudaHostGetDevicePointer((void **)&dC, c, 0));

  describe("a", a);
  describe("dC", dC);
  float *scratch;
  CUDA_CHECK(cudaMalloc(&scratch, bytes));
  describe("scratch", scratch);

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreateWithFlags(&start, cudaEventBlockingSync));
  CUDA_CHECK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));
  CUDA_CHECK(cudaEventRecord(start));
  vectorAdd<<<256, 256>>>(dA, dB, dC, n);
  cudaCheckError();
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (c[i] != 3.0f) ++errors;
  printf("zero-copy add: %.3f ms, %d errors\n", ms, errors);

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(scratch));
  CUDA_CHECK(cudaHostUnregister(c));
  free(c);
  CUDA_CHECK(cudaFreeHost(a));
  CUDA_CHECK(cudaFreeHost(b));
  CUDA_CHECK(cudaDeviceReset());
  return errors ? EXIT_FAILURE : EXIT_SUCCESS;
}
