// Mark Harris' grid-stride loops ("CUDA Pro Tip: Write Flexible Kernels with
// Grid-Stride Loops") sized by the SM count, over managed memory larger
// than the GPU ("Improving GPU Memory Oversubscription Performance"):
// memory advice, prefetches in the CUDA 11 form and in CUDA 13's location
// form behind a version check, and the attributes that say what the system
// supports.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define cudaCheck(expr)                                                     \
  do {                                                                      \
    cudaError_t e_ = (expr);                                                \
    if (e_ != cudaSuccess) {                                                \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(e_), \
              __FILE__, __LINE__, cudaGetErrorString(e_));                  \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    y[i] = a * x[i] + y[i];
  }
}

template <typename data_type>
__global__ void read_thread_blockCont(data_type *ptr, const size_t size, size_t stride) {
  size_t n = size / sizeof(data_type);
  data_type accum = 0;
  for (size_t tid = threadIdx.x + blockIdx.x * (size_t)blockDim.x; tid < n; tid += stride)
    accum += ptr[tid];
  if (threadIdx.x == 0 && accum == (data_type)-1) ptr[0] = accum;
}

static void prefetch(void *ptr, size_t bytes, int device, cudaStream_t stream) {
#if CUDART_VERSION >= 13000
  cudaMemLocation loc = {};
  loc.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
  loc.id = device == cudaCpuDeviceId ? 0 : device;
  cudaCheck(cudaMemPrefetchAsync(ptr, bytes, loc, 0, stream));
#else
  cudaCheck(cudaMemPrefetchAsync(ptr, bytes, device, stream));
#endif
}

int main(int argc, char **argv) {
  int devId = 0;
  cudaCheck(cudaGetDevice(&devId));
  int numSMs = 0, concurrent = 0, pageable = 0, direct = 0;
  cudaCheck(cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, devId));
  cudaCheck(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, devId));
  cudaCheck(cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, devId));
  cudaCheck(cudaDeviceGetAttribute(&direct, cudaDevAttrDirectManagedMemAccessFromHost, devId));
  printf("SMs %d, concurrent managed %d, pageable %d, direct host access %d\n", numSMs,
         concurrent, pageable, direct);

  size_t freeMem = 0, totalMem = 0;
  cudaCheck(cudaMemGetInfo(&freeMem, &totalMem));
  // 1.5x the GPU's memory when the system pages managed memory on demand.
  size_t bytes = concurrent ? totalMem + totalMem / 2 : freeMem / 2;
  bytes &= ~(size_t)0xfff;

  float *data = nullptr;
  cudaCheck(cudaMallocManaged(&data, bytes));
  cudaCheck(cudaMemAdvise(data, bytes, cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId));
  cudaCheck(cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy, devId));

  cudaStream_t stream;
  cudaCheck(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  if (concurrent) prefetch(data, bytes / 2, devId, stream);

  cudaEvent_t start, stop;
  cudaCheck(cudaEventCreate(&start));
  cudaCheck(cudaEventCreate(&stop));
  cudaCheck(cudaEventRecord(start, stream));
  read_thread_blockCont<float><<<32 * numSMs, 256, 0, stream>>>(data, bytes, 32 * numSMs * 256);
  cudaCheck(cudaGetLastError());
  cudaCheck(cudaEventRecord(stop, stream));
  cudaCheck(cudaEventSynchronize(stop));
  float ms = 0;
  cudaCheck(cudaEventElapsedTime(&ms, start, stop));
  printf("read %zu MB in %.2f ms (%.2f GB/s)\n", bytes >> 20, ms, bytes / ms / 1e6);

  // The grid-stride SAXPY over a slice, reading it back on the host.
  int n = 1 << 20;
  float *x = data, *y = data + n;
  for (int i = 0; i < n; ++i) { x[i] = 1.0f; y[i] = 2.0f; }
  cudaCheck(cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseSetReadMostly, devId));
  saxpy<<<32 * numSMs, 256>>>(n, 2.0f, x, y);
  cudaCheck(cudaDeviceSynchronize());
  if (concurrent) prefetch(y, n * sizeof(float), cudaCpuDeviceId, 0);
  cudaCheck(cudaDeviceSynchronize());
  printf("y[0] = %f\n", y[0]);

  cudaCheck(cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseUnsetReadMostly, devId));
  cudaCheck(cudaEventDestroy(start));
  cudaCheck(cudaEventDestroy(stop));
  cudaCheck(cudaStreamDestroy(stream));
  cudaCheck(cudaFree(data));
  return 0;
}
