// corpus: runtime; occupancy API: cudaOccupancyMaxActiveBlocksPerMultiprocessor and cudaOccupancyMaxPotentialBlockSize
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

__global__ void square(float* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * a[i];
}

__global__ void withShared(float* a, int n) {
  extern __shared__ float tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? a[i] : 0.0f;
  __syncthreads();
  if (i < n) a[i] = tile[blockDim.x - 1 - threadIdx.x];
}

int main() {
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  bool ok = true;

  int numBlocks = 0;
  const int blockSize = 128;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, square, blockSize, 0));
  bool b1 = numBlocks >= 1 && numBlocks * blockSize <= 64 * 1024;
  printf("max active blocks (128 threads) >= 1: %s\n", b1 ? "ok" : "FAIL");
  ok = ok && b1;

  int minGridSize = 0, bestBlock = 0;
  CUDA_CHECK(cudaOccupancyMaxPotentialBlockSize(&minGridSize, &bestBlock, square, 0, 0));
  bool b2 = bestBlock > 0 && bestBlock <= prop.maxThreadsPerBlock && minGridSize >= 1;
  printf("potential block size in (0, maxThreadsPerBlock]: %s\n", b2 ? "ok" : "FAIL");
  ok = ok && b2;

  int numBlocksShared = 0;
  size_t dyn = 256 * sizeof(float);
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksShared, withShared, 256, dyn));
  bool b3 = numBlocksShared >= 1;
  printf("blocks with dynamic shared memory >= 1: %s\n", b3 ? "ok" : "FAIL");
  ok = ok && b3;

  // Use the suggested configuration for a real launch and verify it.
  const int n = 100000;
  float* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, n * sizeof(float)));
  float* h = (float*)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) h[i] = (float)(i % 100);
  CUDA_CHECK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
  int gridSize = (n + bestBlock - 1) / bestBlock;
  square<<<gridSize, bestBlock>>>(d, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += h[i];
  double expect = 0;
  for (int i = 0; i < n; ++i) expect += (double)(i % 100) * (i % 100);
  printf("sum of squares = %.0f\n", sum);
  ok = ok && sum == expect;

  CUDA_CHECK(cudaFree(d));
  free(h);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
