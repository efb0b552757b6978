// In the style of the developer blog's "Using the NVIDIA CUDA Stream-Ordered
// Memory Allocator": an explicit pool with a release threshold, allocations
// from it on two streams ordered by an event, peer access to the pool when a
// second GPU exists, and the pool's usage read back.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>

__global__ void fill(float *p, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

__global__ void axpy(float *y, const float *x, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);

  int poolsSupported = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&poolsSupported,
                                         cudaDevAttrMemoryPoolsSupported, dev));
  if (!poolsSupported) {
    printf("Waiving execution as device does not support Memory Pools\n");
    exit(EXIT_WAIVED);
  }

  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = dev;
  props.handleTypes = cudaMemHandleTypeNone;

  cudaMemPool_t pool;
  checkCudaErrors(cudaMemPoolCreate(&pool, &props));
  uint64_t threshold = UINT64_MAX;
  checkCudaErrors(
      cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  int reuse = 1;
  checkCudaErrors(cudaMemPoolSetAttribute(
      pool, cudaMemPoolReuseAllowOpportunistic, &reuse));

  int devCount = 0;
  checkCudaErrors(cudaGetDeviceCount(&devCount));
  if (devCount > 1) {
    int peer = (dev + 1) % devCount, canAccess = 0;
    checkCudaErrors(cudaDeviceCanAccessPeer(&canAccess, peer, dev));
    if (canAccess) {
      cudaMemAccessDesc desc = {};
      desc.location.type = cudaMemLocationTypeDevice;
      desc.location.id = peer;
      desc.flags = cudaMemAccessFlagsProtReadWrite;
      checkCudaErrors(cudaMemPoolSetAccess(pool, &desc, 1));
      cudaMemLocation loc = {};
      loc.type = cudaMemLocationTypeDevice;
      loc.id = peer;
      cudaMemAccessFlags flags;
      checkCudaErrors(cudaMemPoolGetAccess(&flags, pool, &loc));
      printf("peer %d access to the pool: %d\n", peer, (int)flags);
    }
  }

  cudaStream_t s1, s2;
  cudaEvent_t ready;
  checkCudaErrors(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  checkCudaErrors(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  checkCudaErrors(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming));

  const int n = 1 << 22;
  for (int iter = 0; iter < 10; ++iter) {
    float *x, *y;
    checkCudaErrors(cudaMallocFromPoolAsync(&x, n * sizeof(float), pool, s1));
    checkCudaErrors(cudaMallocFromPoolAsync(&y, n * sizeof(float), pool, s1));
    fill<<<(n + 255) / 256, 256, 0, s1>>>(x, n, 1.0f);
    fill<<<(n + 255) / 256, 256, 0, s1>>>(y, n, 2.0f);
    checkCudaErrors(cudaEventRecord(ready, s1));
    checkCudaErrors(cudaStreamWaitEvent(s2, ready, 0));
    axpy<<<(n + 255) / 256, 256, 0, s2>>>(y, x, n, 0.5f);
    checkCudaErrors(cudaFreeAsync(x, s2));
    checkCudaErrors(cudaFreeAsync(y, s2));
  }
  checkCudaErrors(cudaStreamSynchronize(s2));

  uint64_t reserved = 0, used = 0, high = 0;
  checkCudaErrors(
      cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved));
  checkCudaErrors(
      cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
  checkCudaErrors(
      cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &high));
  printf("pool: %llu bytes reserved, %llu used, high-water %llu\n",
         (unsigned long long)reserved, (unsigned long long)used,
         (unsigned long long)high);
  checkCudaErrors(cudaMemPoolTrimTo(pool, 0));

  // Make the pool the device's current one; later cudaMallocAsync use it.
  checkCudaErrors(cudaDeviceSetMemPool(dev, pool));
  cudaMemPool_t current;
  checkCudaErrors(cudaDeviceGetMemPool(&current, dev));
  float *z;
  checkCudaErrors(cudaMallocAsync(&z, n * sizeof(float), s1));
  checkCudaErrors(cudaFreeAsync(z, s1));
  checkCudaErrors(cudaStreamSynchronize(s1));
  printf("current pool is ours: %s\n", current == pool ? "yes" : "no");

  cudaMemPool_t defaultPool;
  checkCudaErrors(cudaDeviceGetDefaultMemPool(&defaultPool, dev));
  checkCudaErrors(cudaDeviceSetMemPool(dev, defaultPool));
  checkCudaErrors(cudaMemPoolDestroy(pool));
  checkCudaErrors(cudaEventDestroy(ready));
  checkCudaErrors(cudaStreamDestroy(s1));
  checkCudaErrors(cudaStreamDestroy(s2));
  printf("PASSED\n");
  return 0;
}
