// A device-query program that reads attributes one at a time through
// cudaDeviceGetAttribute (the CUDA Pro Tip "the fast way to query device
// properties": no cudaGetDeviceProperties), a table of (attribute, label)
// pairs walked in a loop, and a few read one by one for launch decisions.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(expr)                                                    \
  do {                                                                      \
    cudaError_t err_ = (expr);                                              \
    if (err_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s failed: %s\n", #expr, cudaGetErrorString(err_)); \
      std::exit(EXIT_FAILURE);                                              \
    }                                                                       \
  } while (0)

struct AttributeName {
  cudaDeviceAttr attr;
  const char *label;
};

static const AttributeName kAttributes[] = {
    {cudaDevAttrMaxThreadsPerBlock, "max threads per block"},
    {cudaDevAttrMaxBlockDimX, "max block dim x"},
    {cudaDevAttrMaxGridDimX, "max grid dim x"},
    {cudaDevAttrMaxSharedMemoryPerBlock, "shared memory per block"},
    {cudaDevAttrMaxSharedMemoryPerBlockOptin, "shared memory per block (opt-in)"},
    {cudaDevAttrTotalConstantMemory, "constant memory"},
    {cudaDevAttrWarpSize, "warp size"},
    {cudaDevAttrMaxRegistersPerBlock, "registers per block"},
    {cudaDevAttrMultiProcessorCount, "multiprocessors"},
    {cudaDevAttrMaxThreadsPerMultiProcessor, "max threads per multiprocessor"},
    {cudaDevAttrL2CacheSize, "L2 cache size"},
    {cudaDevAttrGlobalMemoryBusWidth, "memory bus width"},
    {cudaDevAttrComputeCapabilityMajor, "compute capability major"},
    {cudaDevAttrComputeCapabilityMinor, "compute capability minor"},
    {cudaDevAttrConcurrentKernels, "concurrent kernels"},
    {cudaDevAttrEccEnabled, "ECC enabled"},
    {cudaDevAttrUnifiedAddressing, "unified addressing"},
    {cudaDevAttrManagedMemory, "managed memory"},
    {cudaDevAttrConcurrentManagedAccess, "concurrent managed access"},
    {cudaDevAttrPageableMemoryAccess, "pageable memory access"},
    {cudaDevAttrCooperativeLaunch, "cooperative launch"},
    {cudaDevAttrCanMapHostMemory, "can map host memory"},
    {cudaDevAttrPciBusId, "PCI bus id"},
    {cudaDevAttrPciDeviceId, "PCI device id"},
    {cudaDevAttrMemoryPoolsSupported, "memory pools"},
    {cudaDevAttrHostNativeAtomicSupported, "host native atomics"},
};

__global__ void fill(int *out, int value, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = value;
}

int main() {
  int count = 0;
  CUDA_CHECK(cudaGetDeviceCount(&count));
  for (int dev = 0; dev < count; ++dev) {
    std::printf("Device %d\n", dev);
    for (const AttributeName &a : kAttributes) {
      int value = 0;
      cudaError_t err = cudaDeviceGetAttribute(&value, a.attr, dev);
      if (err == cudaSuccess)
        std::printf("  %-36s %d\n", a.label, value);
      else
        std::printf("  %-36s (%s)\n", a.label, cudaGetErrorName(err));
    }
  }

  // Size a grid-stride launch from two attributes, as the Pro Tip does.
  int dev = 0, numSMs = 0, maxThreads = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerMultiProcessor, dev));
  const int n = 1 << 22;
  int *d;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(int)));
  fill<<<32 * numSMs, 256>>>(d, 7, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  std::printf("%d SMs, %d threads each\n", numSMs, maxThreads);
  CUDA_CHECK(cudaFree(d));
  return 0;
}
