// A tour of the runtime API as course material and "CUDA by Example"-style
// code write it: an error-check macro over every call, a timing macro over
// events, a 3D pitched allocation filled with cudaMemcpy3D, mapped pinned
// memory read by a kernel through cudaHostGetDevicePointer, a pointer's
// attributes, the printf FIFO limit, a kernel's dynamic shared memory
// raised with cudaFuncSetAttribute, and cudaGetErrorName in the report.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err__ = (call);                                                \
    if (err__ != cudaSuccess) {                                                \
      fprintf(stderr, "CUDA error %s (%s) at %s:%d\n", cudaGetErrorName(err__), \
              cudaGetErrorString(err__), __FILE__, __LINE__);                  \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

#define TIMED(label, stream, ...)                                              \
  do {                                                                         \
    cudaEvent_t t0__, t1__;                                                    \
    CUDA_CHECK(cudaEventCreate(&t0__));                                        \
    CUDA_CHECK(cudaEventCreate(&t1__));                                        \
    CUDA_CHECK(cudaEventRecord(t0__, stream));                                 \
    __VA_ARGS__;                                                               \
    CUDA_CHECK(cudaEventRecord(t1__, stream));                                 \
    CUDA_CHECK(cudaEventSynchronize(t1__));                                    \
    float ms__ = 0.0f;                                                         \
    CUDA_CHECK(cudaEventElapsedTime(&ms__, t0__, t1__));                       \
    printf("%-12s %8.3f ms\n", label, ms__);                                   \
    CUDA_CHECK(cudaEventDestroy(t0__));                                        \
    CUDA_CHECK(cudaEventDestroy(t1__));                                        \
  } while (0)

__global__ void scaleVolume(cudaPitchedPtr vol, cudaExtent extent, float s) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= extent.width / sizeof(float) || y >= extent.height) return;
  char *slice = (char *)vol.ptr;
  for (int z = 0; z < extent.depth; ++z) {
    float *row = (float *)(slice + z * vol.pitch * extent.height + y * vol.pitch);
    row[x] *= s;
  }
}

__global__ void sumMapped(const int *mapped, int n, int *out) {
  extern __shared__ int buf[];
  int tid = threadIdx.x;
  int v = 0;
  for (int i = tid; i < n; i += blockDim.x) v += mapped[i];
  buf[tid] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) buf[tid] += buf[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    *out = buf[0];
    printf("sumMapped: %d\n", buf[0]);
  }
}

int main() {
  int device = 0;
  CUDA_CHECK(cudaSetDevice(device));
  CUDA_CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
  size_t fifo = 0;
  CUDA_CHECK(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize));
  CUDA_CHECK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, fifo * 2));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  // A 64x64x16 volume.
  const int W = 64, H = 64, D = 16;
  cudaExtent extent = make_cudaExtent(W * sizeof(float), H, D);
  cudaPitchedPtr dVol;
  CUDA_CHECK(cudaMalloc3D(&dVol, extent));
  float *hVol = (float *)malloc(W * H * D * sizeof(float));
  for (int i = 0; i < W * H * D; ++i) hVol[i] = 1.0f;
  cudaMemcpy3DParms copy = {0};
  copy.srcPtr = make_cudaPitchedPtr(hVol, W * sizeof(float), W, H);
  copy.dstPtr = dVol;
  copy.extent = extent;
  copy.kind = cudaMemcpyHostToDevice;
  TIMED("copy3D", stream, CUDA_CHECK(cudaMemcpy3DAsync(&copy, stream)));
  dim3 block(16, 16), grid(W / 16, H / 16);
  TIMED("scale", stream, scaleVolume<<<grid, block, 0, stream>>>(dVol, extent, 2.0f));
  copy.srcPtr = dVol;
  copy.dstPtr = make_cudaPitchedPtr(hVol, W * sizeof(float), W, H);
  copy.kind = cudaMemcpyDeviceToHost;
  CUDA_CHECK(cudaMemcpy3D(&copy));

  // Mapped pinned memory, read in place by the kernel.
  const int n = 1 << 16;
  int *hMapped, *dMapped, *dOut;
  CUDA_CHECK(cudaHostAlloc((void **)&hMapped, n * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable));
  for (int i = 0; i < n; ++i) hMapped[i] = 1;
  CUDA_CHECK(cudaHostGetDevicePointer((void **)&dMapped, hMapped, 0));
  cudaPointerAttributes attr;
  CUDA_CHECK(cudaPointerGetAttributes(&attr, hMapped));
  printf("mapped buffer: type %d, device %d\n", (int)attr.type, attr.device);
  CUDA_CHECK(cudaMalloc((void **)&dOut, sizeof(int)));
  const int threads = 1024;
  const size_t smem = threads * sizeof(int);
  CUDA_CHECK(cudaFuncSetAttribute(sumMapped, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
  CUDA_CHECK(cudaFuncSetCacheConfig(sumMapped, cudaFuncCachePreferShared));
  TIMED("sumMapped", stream, sumMapped<<<1, threads, smem, stream>>>(dMapped, n, dOut));
  CUDA_CHECK(cudaGetLastError());
  int sum = 0;
  CUDA_CHECK(cudaMemcpy(&sum, dOut, sizeof(int), cudaMemcpyDeviceToHost));

  bool ok = sum == n && hVol[W * H * D - 1] == 2.0f;
  printf("%s\n", ok ? "PASSED" : "FAILED");
  CUDA_CHECK(cudaFree(dVol.ptr));
  CUDA_CHECK(cudaFree(dOut));
  CUDA_CHECK(cudaFreeHost(hMapped));
  CUDA_CHECK(cudaStreamDestroy(stream));
  free(hVol);
  CUDA_CHECK(cudaDeviceReset());
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
