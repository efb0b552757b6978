// Mark Harris' "Optimizing Parallel Reduction in CUDA", kernel 6 as course
// repositories copy it: a templated block size, the last warp unrolled on a
// volatile shared pointer without __syncthreads (warp-synchronous code that
// assumes 32 lanes in lockstep), first add during load, and a host switch
// that picks the instantiation; timed with events and std::chrono.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CALL(x)                                                                     \
  do {                                                                                   \
    cudaError_t err_ = (x);                                                              \
    if (err_ != cudaSuccess) {                                                           \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(err_)); \
      exit(1);                                                                           \
    }                                                                                    \
  } while (0)

template <unsigned int blockSize>
__device__ void warpReduce(volatile int *sdata, unsigned int tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
}

template <unsigned int blockSize>
__global__ void reduce6(int *g_idata, int *g_odata, unsigned int n) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  sdata[tid] = 0;
  while (i < n) {
    sdata[tid] += g_idata[i] + (i + blockSize < n ? g_idata[i + blockSize] : 0);
    i += gridSize;
  }
  __syncthreads();
  if (blockSize >= 512) { if (tid < 256) { sdata[tid] += sdata[tid + 256]; } __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) { sdata[tid] += sdata[tid + 128]; } __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) { sdata[tid] += sdata[tid + 64]; } __syncthreads(); }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

void reduce(int threads, int blocks, int *d_in, int *d_out, unsigned int n) {
  int smem = threads * sizeof(int);
  switch (threads) {
  case 512: reduce6<512><<<blocks, threads, smem>>>(d_in, d_out, n); break;
  case 256: reduce6<256><<<blocks, threads, smem>>>(d_in, d_out, n); break;
  case 128: reduce6<128><<<blocks, threads, smem>>>(d_in, d_out, n); break;
  case 64: reduce6<64><<<blocks, threads, smem>>>(d_in, d_out, n); break;
  }
}

int main() {
  const unsigned int n = 1 << 22;
  const int threads = 256, blocks = 64;
  std::vector<int> h(n, 1);
  int *d_in, *d_out;
  CUDA_CALL(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CALL(cudaMalloc(&d_out, blocks * sizeof(int)));
  CUDA_CALL(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CUDA_CALL(cudaEventCreate(&start));
  CUDA_CALL(cudaEventCreate(&stop));
  auto t0 = std::chrono::high_resolution_clock::now();
  CUDA_CALL(cudaEventRecord(start));
  reduce(threads, blocks, d_in, d_out, n);
  reduce(threads, 1, d_out, d_out, blocks);
  CUDA_CALL(cudaEventRecord(stop));
  CUDA_CALL(cudaEventSynchronize(stop));
  auto t1 = std::chrono::high_resolution_clock::now();
  float ms = 0;
  CUDA_CALL(cudaEventElapsedTime(&ms, start, stop));
  int sum = 0;
  CUDA_CALL(cudaMemcpy(&sum, d_out, sizeof(int), cudaMemcpyDeviceToHost));
  printf("sum %d (expected %u): %.3f ms on the GPU, %.3f ms on the host clock\n", sum, n, ms,
         std::chrono::duration<double, std::milli>(t1 - t0).count());
  CUDA_CALL(cudaEventDestroy(start));
  CUDA_CALL(cudaEventDestroy(stop));
  CUDA_CALL(cudaFree(d_in));
  CUDA_CALL(cudaFree(d_out));
  return sum == (int)n ? 0 : 1;
}
