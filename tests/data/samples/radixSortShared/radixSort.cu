// In the style of "Programming Massively Parallel Processors" (4th ed.), chapter 13: a parallel
// radix sort, one bit per pass, with a block-local exclusive scan in shared memory (Kogge-Stone
// over a __shfl_up_sync warp scan), per-block bucket counts scanned on the host, and a
// coalesced scatter; checked against std::sort.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                            \
  {                                                                                 \
    cudaError_t err = call;                                                         \
    if (err != cudaSuccess) {                                                       \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, cudaGetErrorName(err), \
              cudaGetErrorString(err));                                             \
      exit(EXIT_FAILURE);                                                           \
    }                                                                               \
  }

#define SECTION_SIZE 1024
#define WARP 32

__device__ unsigned int warpExclusiveScan(unsigned int v, unsigned int *total) {
  unsigned int lane = threadIdx.x & (WARP - 1);
  unsigned int x = v;
#pragma unroll
  for (int offset = 1; offset < WARP; offset <<= 1) {
    unsigned int y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  *total = __shfl_sync(0xffffffffu, x, WARP - 1);
  return x - v;
}

// Exclusive scan of one value per thread over the block; returns the block total too.
__device__ unsigned int blockExclusiveScan(unsigned int v, unsigned int *blockTotal) {
  __shared__ unsigned int warpSums[SECTION_SIZE / WARP];
  unsigned int warpTotal;
  unsigned int x = warpExclusiveScan(v, &warpTotal);
  unsigned int warp = threadIdx.x / WARP;
  if ((threadIdx.x & (WARP - 1)) == 0) warpSums[warp] = warpTotal;
  __syncthreads();
  if (warp == 0) {
    unsigned int s = threadIdx.x < blockDim.x / WARP ? warpSums[threadIdx.x] : 0;
    unsigned int all;
    unsigned int e = warpExclusiveScan(s, &all);
    if (threadIdx.x < blockDim.x / WARP) warpSums[threadIdx.x] = e;
    if (threadIdx.x == 0) *blockTotal = all;
  }
  __syncthreads();
  return x + warpSums[warp];
}

__global__ void radixCountKernel(const unsigned int *keys, unsigned int *ones,
                                 unsigned int *localRank, unsigned int n, unsigned int iter) {
  __shared__ unsigned int total;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int bit = 0;
  if (i < n) bit = (keys[i] >> iter) & 1u;
  unsigned int rank = blockExclusiveScan(bit, &total);
  if (i < n) localRank[i] = rank;
  if (threadIdx.x == 0) ones[blockIdx.x] = total;
}

__global__ void radixScatterKernel(const unsigned int *keys, unsigned int *out,
                                   const unsigned int *localRank,
                                   const unsigned int *onesBefore, unsigned int totalOnes,
                                   unsigned int n, unsigned int iter) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned int key = keys[i];
  unsigned int bit = (key >> iter) & 1u;
  unsigned int onesBeforeMe = onesBefore[blockIdx.x] + localRank[i];
  unsigned int dst = bit ? (n - totalOnes) + onesBeforeMe : i - onesBeforeMe;
  out[dst] = key;
}

int main(int argc, char **argv) {
  unsigned int n = argc > 1 ? (unsigned int)atoi(argv[1]) : (1u << 20);
  std::vector<unsigned int> h(n);
  srand(7);
  for (auto &k : h) k = (unsigned int)rand();
  unsigned int blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
  unsigned int *d_keys, *d_tmp, *d_rank, *d_ones;
  CHECK_CUDA(cudaMalloc(&d_keys, n * sizeof(unsigned int)));
  CHECK_CUDA(cudaMalloc(&d_tmp, n * sizeof(unsigned int)));
  CHECK_CUDA(cudaMalloc(&d_rank, n * sizeof(unsigned int)));
  CHECK_CUDA(cudaMalloc(&d_ones, blocks * sizeof(unsigned int)));
  CHECK_CUDA(cudaMemcpy(d_keys, h.data(), n * sizeof(unsigned int), cudaMemcpyHostToDevice));
  std::vector<unsigned int> ones(blocks);
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  CHECK_CUDA(cudaEventRecord(start));
  for (unsigned int iter = 0; iter < 32; ++iter) {
    radixCountKernel<<<blocks, SECTION_SIZE>>>(d_keys, d_ones, d_rank, n, iter);
    CHECK_CUDA(cudaPeekAtLastError());
    CHECK_CUDA(cudaMemcpy(ones.data(), d_ones, blocks * sizeof(unsigned int),
                          cudaMemcpyDeviceToHost));
    unsigned int running = 0;
    for (auto &o : ones) {
      unsigned int c = o;
      o = running;
      running += c;
    }
    CHECK_CUDA(cudaMemcpy(d_ones, ones.data(), blocks * sizeof(unsigned int),
                          cudaMemcpyHostToDevice));
    radixScatterKernel<<<blocks, SECTION_SIZE>>>(d_keys, d_tmp, d_rank, d_ones, running, n,
                                                 iter);
    CHECK_CUDA(cudaGetLastError());
    std::swap(d_keys, d_tmp);
  }
  CHECK_CUDA(cudaEventRecord(stop));
  CHECK_CUDA(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
  std::vector<unsigned int> sorted(n);
  CHECK_CUDA(cudaMemcpy(sorted.data(), d_keys, n * sizeof(unsigned int),
                        cudaMemcpyDeviceToHost));
  std::sort(h.begin(), h.end());
  printf("radix sort of %u keys: %.3f ms, %s\n", n, ms, sorted == h ? "PASSED" : "FAILED");
  CHECK_CUDA(cudaFree(d_keys));
  CHECK_CUDA(cudaFree(d_tmp));
  CHECK_CUDA(cudaFree(d_rank));
  CHECK_CUDA(cudaFree(d_ones));
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  return sorted == h ? EXIT_SUCCESS : EXIT_FAILURE;
}
