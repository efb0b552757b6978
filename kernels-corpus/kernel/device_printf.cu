// corpus: kernel; device-side printf, deterministic: exactly one thread prints, output flushed by synchronization
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

__global__ void helloKernel(int tag) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    printf("[device] hello from block %d thread %d, tag=%d, grid=%dx%d\n", blockIdx.x, threadIdx.x,
           tag, gridDim.x, blockDim.x);
}

__global__ void summaryKernel(const int* data, int n) {
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) atomicAdd(&total, data[i]);
  __syncthreads();
  if (threadIdx.x == 0)
    printf("[device] n=%d total=%d mean=%.3f label=%s char=%c\n", n, total, (float)total / n, "summary", 'Z');
}

int main() {
  printf("[host] launching\n");
  fflush(stdout);
  helloKernel<<<4, 64>>>(7);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  fflush(stdout);

  const int n = 1000;
  int* d;
  CUDA_CHECK(cudaMallocManaged(&d, n * sizeof(int)));
  for (int i = 0; i < n; ++i) d[i] = i % 10;
  summaryKernel<<<1, 128>>>(d, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  fflush(stdout);
  printf("[host] done\n");
  CUDA_CHECK(cudaFree(d));
  printf("PASS\n");
  return 0;
}
