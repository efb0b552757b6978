// Unified memory with hints, as NVIDIA's blog posts and "Professional CUDA C
// Programming" show it: a read-mostly lookup table, a preferred location,
// prefetches to the GPU and back, a stream-attached buffer per worker, and
// the range attribute read back to check the hint.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define CHECK(call)                                                            \
  {                                                                            \
    const cudaError_t error = call;                                            \
    if (error != cudaSuccess) {                                                \
      printf("Error: %s:%d, ", __FILE__, __LINE__);                            \
      printf("code:%d, reason: %s\n", error, cudaGetErrorString(error));       \
      exit(1);                                                                 \
    }                                                                          \
  }

__global__ void lookup(const float *table, const int *keys, float *out, int n, int tableSize) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = table[keys[i] % tableSize];
}

__global__ void scale(float *data, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= s;
}

int main(int argc, char **argv) {
  int device = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, device));
  if (!prop.managedMemory) {
    printf("Unified memory not supported, waiving\n");
    return 0;
  }
  const int n = 1 << 22, tableSize = 4096;
  float *table, *out;
  int *keys;
  CHECK(cudaMallocManaged(&table, tableSize * sizeof(float)));
  CHECK(cudaMallocManaged(&keys, n * sizeof(int)));
  CHECK(cudaMallocManaged(&out, n * sizeof(float), cudaMemAttachGlobal));
  for (int i = 0; i < tableSize; ++i) table[i] = 0.5f * i;
  for (int i = 0; i < n; ++i) keys[i] = (i * 7919) % 100003;

  CHECK(cudaMemAdvise(table, tableSize * sizeof(float), cudaMemAdviseSetReadMostly, device));
  CHECK(cudaMemAdvise(out, n * sizeof(float), cudaMemAdviseSetPreferredLocation, device));
  CHECK(cudaMemAdvise(keys, n * sizeof(int), cudaMemAdviseSetAccessedBy, cudaCpuDeviceId));
  int readMostly = 0;
  CHECK(cudaMemRangeGetAttribute(&readMostly, sizeof(readMostly), cudaMemRangeAttributeReadMostly,
                                 table, tableSize * sizeof(float)));

  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CHECK(cudaMemPrefetchAsync(table, tableSize * sizeof(float), device, stream));
  CHECK(cudaMemPrefetchAsync(keys, n * sizeof(int), device, stream));
  CHECK(cudaMemPrefetchAsync(out, n * sizeof(float), device, stream));

  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start, stream));
  lookup<<<2 * prop.multiProcessorCount, 256, 0, stream>>>(table, keys, out, n, tableSize);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop, stream));
  CHECK(cudaMemPrefetchAsync(out, n * sizeof(float), cudaCpuDeviceId, stream));
  CHECK(cudaStreamSynchronize(stream));
  float ms = 0.0f;
  CHECK(cudaEventElapsedTime(&ms, start, stop));

  // A worker's own buffer, visible to its stream alone.
  float *scratch;
  CHECK(cudaMallocManaged(&scratch, 1024 * sizeof(float), cudaMemAttachHost));
  CHECK(cudaStreamAttachMemAsync(stream, scratch, 0, cudaMemAttachSingle));
  CHECK(cudaStreamSynchronize(stream));
  for (int i = 0; i < 1024; ++i) scratch[i] = 1.0f;
  scale<<<4, 256, 0, stream>>>(scratch, 1024, 3.0f);
  CHECK(cudaStreamSynchronize(stream));

  bool ok = out[12345] == table[keys[12345] % tableSize] && scratch[1000] == 3.0f;
  printf("lookup %.3f ms, read-mostly %d: %s\n", ms, readMostly, ok ? "PASSED" : "FAILED");
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(table));
  CHECK(cudaFree(keys));
  CHECK(cudaFree(out));
  CHECK(cudaFree(scratch));
  return ok ? 0 : 1;
}
