// A tutorial-style tour of where memory lives and of CUDA 11's warp-wide
// reductions: cudaPointerGetAttributes on device, managed, pinned and
// registered host memory; __reduce_add_sync over a warp, the 24-bit
// multiplies, funnel shifts and __sad of older image kernels; a spin wait
// with __nanosleep on a system-scope flag.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include "helper_cuda.h"

static const char *memoryTypeName(cudaMemoryType t) {
  switch (t) {
    case cudaMemoryTypeUnregistered: return "unregistered";
    case cudaMemoryTypeHost: return "host";
    case cudaMemoryTypeDevice: return "device";
    case cudaMemoryTypeManaged: return "managed";
  }
  return "?";
}

static void describe(const char *what, const void *p) {
  cudaPointerAttributes attr;
  checkCudaErrors(cudaPointerGetAttributes(&attr, p));
  printf("%-10s type=%-12s device=%d devicePointer=%p hostPointer=%p\n", what,
         memoryTypeName(attr.type), attr.device, attr.devicePointer, attr.hostPointer);
}

__global__ void warpSums(const unsigned *in, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = i < n ? in[i] : 0u;
  unsigned s = __reduce_add_sync(0xffffffffu, v);
  unsigned m = __reduce_max_sync(0xffffffffu, v);
  if ((threadIdx.x & 31) == 0) out[i / 32] = s ^ m;
}

__global__ void pixelOps(const unsigned *a, const unsigned *b, unsigned *out, int n) {
  int i = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
  if (i < n) {
    unsigned hi = __funnelshift_l(a[i], b[i], 8);
    unsigned lo = __funnelshift_rc(a[i], b[i], 40);
    out[i] = __sad(a[i], b[i], hi ^ lo) + __mul24((int)threadIdx.x, 3);
  }
}

__global__ void waitForFlag(volatile int *flag, int *result) {
  while (atomicAdd_system((int *)flag, 0) == 0) __nanosleep(100);
  *result = 42;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 16;
  unsigned *d_in, *d_out, *managed, *pinned;
  unsigned *host = (unsigned *)malloc(n * sizeof(unsigned));
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(unsigned)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(unsigned)));
  checkCudaErrors(cudaMallocManaged(&managed, n * sizeof(unsigned)));
  checkCudaErrors(cudaMallocHost(&pinned, n * sizeof(unsigned)));
  checkCudaErrors(cudaHostRegister(host, n * sizeof(unsigned), cudaHostRegisterMapped | cudaHostRegisterPortable));

  describe("device", d_in);
  describe("managed", managed);
  describe("pinned", pinned);
  describe("registered", host);

  for (int i = 0; i < n; ++i) managed[i] = i & 0xff;
  warpSums<<<n / 256, 256>>>(managed, d_out, n);
  pixelOps<<<n / 256, 256>>>(managed, managed, d_in, n);
  getLastCudaError("kernels");

  int *flag, *result;
  checkCudaErrors(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
  checkCudaErrors(cudaMallocManaged(&result, sizeof(int)));
  *flag = 0;
  int *d_flag;
  checkCudaErrors(cudaHostGetDevicePointer((void **)&d_flag, flag, 0));
  cudaEvent_t done;
  checkCudaErrors(cudaEventCreateWithFlags(&done, cudaEventBlockingSync | cudaEventDisableTiming));
  waitForFlag<<<1, 1>>>(d_flag, result);
  checkCudaErrors(cudaEventRecordWithFlags(done, 0, cudaEventRecordDefault));
  *flag = 1;
  checkCudaErrors(cudaEventSynchronize(done));
  printf("result %d\n", *result);

  checkCudaErrors(cudaHostUnregister(host));
  checkCudaErrors(cudaFreeHost(pinned));
  checkCudaErrors(cudaFreeHost(flag));
  checkCudaErrors(cudaFree(managed));
  checkCudaErrors(cudaFree(result));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  free(host);
  return 0;
}
