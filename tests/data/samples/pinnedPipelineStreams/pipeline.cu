// Overlapping transfers and compute over chunked streams with pinned memory
// ("Professional CUDA C Programming", chapter 6 style): portable, write-combined
// and registered host buffers, events that order streams, and the theoretical
// bandwidth from the device's memory clock and bus width.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                         \
  {                                                                         \
    const cudaError_t error = call;                                         \
    if (error != cudaSuccess) {                                             \
      fprintf(stderr, "Error: %s:%d, ", __FILE__, __LINE__);                \
      fprintf(stderr, "code: %d, reason: %s\n", error, cudaGetErrorString(error)); \
      exit(1);                                                              \
    }                                                                       \
  }

#define NSTREAM 4

__global__ void kernel(const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = __ldg(&in[i]);
    for (int k = 0; k < 50; ++k) v = sinf(v) * 0.5f + cosf(v) * 0.5f;
    out[i] = v;
  }
}

int main(int argc, char **argv) {
  int dev = 0;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, dev));
  CHECK(cudaSetDevice(dev));
  printf("> %s: %d copy engines, concurrent kernels %s, overlap %s, map host %s, UVA %s\n",
         prop.name, prop.asyncEngineCount, prop.concurrentKernels ? "yes" : "no",
         prop.deviceOverlap ? "yes" : "no", prop.canMapHostMemory ? "yes" : "no",
         prop.unifiedAddressing ? "yes" : "no");
  printf("> L2 %d KB, shared per block opt-in %zu B, %d SMs\n", prop.l2CacheSize / 1024,
         prop.sharedMemPerBlockOptin, prop.multiProcessorCount);
  // memoryClockRate is in kHz, memoryBusWidth in bits; DDR doubles it
  double peak = 2.0 * prop.memoryClockRate * (prop.memoryBusWidth / 8) / 1.0e6;
  printf("> theoretical bandwidth %.1f GB/s\n", peak);

  const int nElem = 1 << 22;
  const size_t nBytes = nElem * sizeof(float);
  const int iElem = nElem / NSTREAM;
  const size_t iBytes = iElem * sizeof(float);

  float *h_in, *h_out, *h_ref;
  CHECK(cudaHostAlloc((void **)&h_in, nBytes, cudaHostAllocPortable | cudaHostAllocWriteCombined));
  CHECK(cudaHostAlloc((void **)&h_out, nBytes, cudaHostAllocDefault));
  h_ref = (float *)malloc(nBytes);
  CHECK(cudaHostRegister(h_ref, nBytes, cudaHostRegisterPortable));
  for (int i = 0; i < nElem; ++i) h_in[i] = (float)(i % 97) / 97.0f;

  float *d_in, *d_out;
  CHECK(cudaMalloc((float **)&d_in, nBytes));
  CHECK(cudaMalloc((float **)&d_out, nBytes));

  cudaStream_t stream[NSTREAM];
  cudaEvent_t copied[NSTREAM];
  for (int i = 0; i < NSTREAM; ++i) {
    CHECK(cudaStreamCreateWithPriority(&stream[i], cudaStreamNonBlocking, 0));
    CHECK(cudaEventCreateWithFlags(&copied[i], cudaEventDisableTiming));
  }
  cudaEvent_t start, stop;
  CHECK(cudaEventCreateWithFlags(&start, cudaEventBlockingSync));
  CHECK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));

  dim3 block(256);
  dim3 grid((iElem + block.x - 1) / block.x);
  CHECK(cudaEventRecord(start, 0));
  for (int i = 0; i < NSTREAM; ++i) {
    int ioffset = i * iElem;
    CHECK(cudaMemcpyAsync(&d_in[ioffset], &h_in[ioffset], iBytes, cudaMemcpyHostToDevice, stream[i]));
    CHECK(cudaEventRecord(copied[i], stream[i]));
    // the next stream's kernel waits for this chunk's copy
    if (i + 1 < NSTREAM) CHECK(cudaStreamWaitEvent(stream[i + 1], copied[i], 0));
    kernel<<<grid, block, 0, stream[i]>>>(&d_in[ioffset], &d_out[ioffset], iElem);
    CHECK(cudaMemcpyAsync(&h_out[ioffset], &d_out[ioffset], iBytes, cudaMemcpyDeviceToHost, stream[i]));
  }
  CHECK(cudaEventRecord(stop, 0));
  CHECK(cudaEventSynchronize(stop));
  float ms;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  printf("pipelined: %.3f ms, %.2f GB/s\n", ms, 2.0 * nBytes / ms / 1e6);

  for (int i = 0; i < NSTREAM; ++i) {
    if (cudaStreamQuery(stream[i]) == cudaErrorNotReady) CHECK(cudaStreamSynchronize(stream[i]));
    CHECK(cudaStreamDestroy(stream[i]));
    CHECK(cudaEventDestroy(copied[i]));
  }
  memcpy(h_ref, h_out, nBytes);
  CHECK(cudaHostUnregister(h_ref));
  free(h_ref);
  CHECK(cudaFreeHost(h_in));
  CHECK(cudaFreeHost(h_out));
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaDeviceReset());
  return 0;
}
