// Monte Carlo estimate of pi with cuRAND's Philox generator inline in the
// kernel (NVIDIA's MC_EstimatePiInlineP), a warp-tile reduction through the
// project's macros, and the warps' partial sums combined per block.
#include <cuda_runtime.h>
#include <curand_kernel.h>

#include <cstdio>
#include <cstdlib>

#include <helper_cuda.h>

#include "reduce_utils.cuh"

#define WARP_ID(g) ((g).meta_group_rank())
#define WARPS_PER_BLOCK(g) (g).meta_group_size()

__global__ void initRNG(curandStatePhilox4_32_10_t *const rngStates, const unsigned int seed) {
  unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, tid, 0, &rngStates[tid]);
}

__global__ void computeValue(PiCount *const results, curandStatePhilox4_32_10_t *const rngStates,
                             const unsigned int numSims) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<WARP_SIZE> warp = cg::tiled_partition<WARP_SIZE>(block);
  __shared__ unsigned int warpSums[1024 / WARP_SIZE];

  unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int step = gridDim.x * blockDim.x;
  curandStatePhilox4_32_10_t localState = rngStates[tid];

  unsigned int pointsInside = 0;
  for (unsigned int i = tid; i < numSims; i += step) {
    float4 r = curand_uniform4(&localState);
    if (r.x * r.x + r.y * r.y <= 1.0f) pointsInside++;
    if (r.z * r.z + r.w * r.w <= 1.0f) pointsInside++;
  }

  unsigned int warpTotal = TILE_SUM(warp, pointsInside);
  if (LANE_ID(warp) == 0) warpSums[WARP_ID(warp)] = warpTotal;
  block.sync();

  if (threadIdx.x == 0) {
    PiCount c;
    c.inside = 0;
    for (unsigned int w = 0; w < WARPS_PER_BLOCK(warp); ++w) c.inside += warpSums[w];
    c.total = 0;
    for (unsigned int i = blockIdx.x * blockDim.x; i < numSims; i += step) c.total += 2 * min(blockDim.x, numSims - i);
    results[blockIdx.x] = c;
  }
  rngStates[tid] = localState;
}

int main(int argc, char **argv) {
  const unsigned int numSims = 1 << 22;
  const unsigned int blockSize = 256;
  int device = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp deviceProperties;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProperties, device));
  unsigned int numBlocks = deviceProperties.multiProcessorCount * 8;

  curandStatePhilox4_32_10_t *d_rngStates = 0;
  PiCount *d_results = 0;
  checkCudaErrors(cudaMalloc((void **)&d_rngStates, numBlocks * blockSize * sizeof(curandStatePhilox4_32_10_t)));
  checkCudaErrors(cudaMalloc((void **)&d_results, numBlocks * sizeof(PiCount)));

  initRNG<<<numBlocks, blockSize>>>(d_rngStates, 1234);
  getLastCudaError("initRNG kernel execution failed");
  computeValue<<<numBlocks, blockSize>>>(d_results, d_rngStates, numSims);
  getLastCudaError("computeValue kernel execution failed");

  PiCount *results = (PiCount *)malloc(numBlocks * sizeof(PiCount));
  checkCudaErrors(cudaMemcpy(results, d_results, numBlocks * sizeof(PiCount), cudaMemcpyDeviceToHost));
  unsigned long long inside = 0, total = 0;
  for (unsigned int i = 0; i < numBlocks; i++) {
    inside += results[i].inside;
    total += results[i].total;
  }
  printf("pi ~= %f (%llu samples)\n", 4.0 * inside / total, total);

  free(results);
  checkCudaErrors(cudaFree(d_rngStates));
  checkCudaErrors(cudaFree(d_results));
  return 0;
}
