// Mark Harris' reduction #6 (templated on the block size, first add during
// load, unrolled last warp through a volatile pointer), launched through a
// switch on the thread count, with the block size chosen by the occupancy
// API and dynamic shared memory opted in above 48 KiB for a wide variant.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define cudaCheckErrors(msg)                                                  \
  do {                                                                        \
    cudaError_t __err = cudaGetLastError();                                   \
    if (__err != cudaSuccess) {                                               \
      fprintf(stderr, "Fatal error: %s (%s at %s:%d)\n", msg,                 \
              cudaGetErrorString(__err), __FILE__, __LINE__);                 \
      fprintf(stderr, "*** FAILED - ABORTING\n");                             \
      exit(1);                                                                \
    }                                                                         \
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

template <unsigned int blockSize, bool nIsPow2>
__global__ void __launch_bounds__(1024) reduce6(const int *__restrict__ g_idata, int *__restrict__ g_odata,
                                                unsigned int n) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  int mySum = 0;
  while (i < n) {
    mySum += __ldg(&g_idata[i]);
    if (nIsPow2 || i + blockSize < n) mySum += __ldg(&g_idata[i + blockSize]);
    i += gridSize;
  }
  sdata[tid] = mySum;
  __syncthreads();
  if (blockSize >= 1024) { if (tid < 512) { sdata[tid] = mySum = mySum + sdata[tid + 512]; } __syncthreads(); }
  if (blockSize >= 512) { if (tid < 256) { sdata[tid] = mySum = mySum + sdata[tid + 256]; } __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) { sdata[tid] = mySum = mySum + sdata[tid + 128]; } __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) { sdata[tid] = mySum = mySum + sdata[tid + 64]; } __syncthreads(); }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// A wide variant whose per-block histogram needs more than 48 KiB.
__global__ void __launch_bounds__(256, 2) wideBins(const int *in, unsigned int *bins, int n, int nbins) {
  extern __shared__ unsigned int hist[];
  for (int b = threadIdx.x; b < nbins; b += blockDim.x) hist[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&hist[(unsigned)in[i] % nbins], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < nbins; b += blockDim.x) atomicAdd(&bins[b], hist[b]);
}

static bool isPow2(unsigned int x) { return ((x & (x - 1)) == 0); }

#define LAUNCH_CASE(T)                                                                       \
  case T:                                                                                    \
    if (pow2) reduce6<T, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);     \
    else reduce6<T, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);         \
    break;

void reduce(int size, int threads, int blocks, const int *d_idata, int *d_odata) {
  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(blocks, 1, 1);
  int smemSize = (threads <= 32) ? 2 * threads * sizeof(int) : threads * sizeof(int);
  bool pow2 = isPow2(size);
  switch (threads) {
    LAUNCH_CASE(1024)
    LAUNCH_CASE(512)
    LAUNCH_CASE(256)
    LAUNCH_CASE(128)
    LAUNCH_CASE(64)
    LAUNCH_CASE(32)
    default:
      fprintf(stderr, "unsupported block size %d\n", threads);
  }
}

int main() {
  const unsigned int N = 1 << 24;
  std::vector<int> h(N);
  for (unsigned int i = 0; i < N; i++) h[i] = (int)(i & 0xFF) - 127;
  long long ref = 0;
  for (int v : h) ref += v;
  int *d_in, *d_out;
  cudaMalloc(&d_in, N * sizeof(int));
  cudaMalloc(&d_out, 4096 * sizeof(int));
  cudaCheckErrors("cudaMalloc failure");
  cudaMemcpy(d_in, h.data(), N * sizeof(int), cudaMemcpyHostToDevice);
  cudaCheckErrors("cudaMemcpy H2D failure");

  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int threads = 256, blocksPerSM = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, reduce6<256, true>, threads, threads * sizeof(int));
  cudaCheckErrors("occupancy query failure");
  int blocks = std::min(blocksPerSM * prop.multiProcessorCount, 4096);
  printf("%d blocks/SM x %d SMs -> %d blocks of %d threads\n", blocksPerSM, prop.multiProcessorCount, blocks, threads);

  auto t0 = std::chrono::high_resolution_clock::now();
  reduce(N, threads, blocks, d_in, d_out);
  reduce(blocks, 1024, 1, d_out, d_out);
  cudaDeviceSynchronize();
  cudaCheckErrors("reduction kernel failure");
  auto t1 = std::chrono::high_resolution_clock::now();
  int gpu = 0;
  cudaMemcpy(&gpu, d_out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("sum %d (ref %lld) in %.3f ms\n", gpu, ref,
         std::chrono::duration<double, std::milli>(t1 - t0).count());

  // The wide histogram: 64 KiB of dynamic shared memory per block, opted in.
  const int nbins = 16384;
  size_t smem = nbins * sizeof(unsigned int);
  unsigned int *d_bins;
  cudaMalloc(&d_bins, smem);
  cudaMemset(d_bins, 0, smem);
  cudaFuncSetAttribute(wideBins, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
  cudaCheckErrors("cudaFuncSetAttribute failure");
  int wideBlocks = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&wideBlocks, wideBins, 256, smem);
  wideBins<<<prop.multiProcessorCount * std::max(wideBlocks, 1), 256, smem>>>(d_in, d_bins, N, nbins);
  cudaCheckErrors("wideBins kernel failure");
  std::vector<unsigned int> bins(nbins);
  cudaMemcpy(bins.data(), d_bins, smem, cudaMemcpyDeviceToHost);
  cudaCheckErrors("cudaMemcpy D2H failure");
  printf("bin[0] = %u, %s\n", bins[0], gpu == ref ? "PASSED" : "FAILED");
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_bins);
  return gpu == ref ? 0 : 1;
}
