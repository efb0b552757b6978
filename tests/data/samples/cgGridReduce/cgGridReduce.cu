// A one-kernel reduction with a grid-wide barrier: cooperative groups'
// thread_block_tile<32> shuffles per warp, then grid.sync() and a final pass
// by block 0, launched with cudaLaunchCooperativeKernel after checking
// cudaDevAttrCooperativeLaunch and sizing the grid by occupancy; a
// raw-intrinsics warp reduction (__shfl_down_sync with a full mask) for the
// partials, timed with clock64, as NVIDIA's cooperative-groups blog post
// and course code write it.
#include <cstdio>
#include <cstdlib>
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>

namespace cg = cooperative_groups;

#define FULL_MASK 0xffffffff

__device__ float warpReduce(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(FULL_MASK, v, offset);
  return v;
}

__global__ void gridReduce(const float *in, float *partials, float *result, int n, long long *cycles) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float warpSums[32];
  long long start = clock64();

  float v = 0.0f;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) v += in[i];
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  if (tile.thread_rank() == 0) warpSums[tile.meta_group_rank()] = v;
  block.sync();
  if (threadIdx.x < 32) {
    float w = threadIdx.x < (blockDim.x + 31) / 32 ? warpSums[threadIdx.x] : 0.0f;
    w = warpReduce(w);
    if (threadIdx.x == 0) partials[blockIdx.x] = w;
  }
  grid.sync();
  if (blockIdx.x == 0) {
    float s = 0.0f;
    for (int b = threadIdx.x; b < gridDim.x; b += blockDim.x) s += partials[b];
    s = warpReduce(s);
    unsigned mask = __ballot_sync(FULL_MASK, s != 0.0f);
    if (threadIdx.x % 32 == 0) atomicAdd(result, s);
    if (threadIdx.x == 0 && mask == 0) printf("block 0: no partials\n");
  }
  if (grid.thread_rank() == 0) *cycles = clock64() - start;
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  int supportsCoopLaunch = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&supportsCoopLaunch, cudaDevAttrCooperativeLaunch, dev));
  if (!supportsCoopLaunch) {
    printf("Cooperative launch not supported, waiving\n");
    return 0;
  }
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  const int threads = 256;
  int blocksPerSm = 0;
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, gridReduce, threads, 0));
  int blocks = blocksPerSm * prop.multiProcessorCount;

  int n = 1 << 24;
  float *dIn, *dPartials, *dResult;
  long long *dCycles;
  checkCudaErrors(cudaMalloc(&dIn, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dPartials, blocks * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dResult, sizeof(float)));
  checkCudaErrors(cudaMalloc(&dCycles, sizeof(long long)));
  float *hIn = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) hIn[i] = 1.0f;
  checkCudaErrors(cudaMemcpy(dIn, hIn, n * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(dResult, 0, sizeof(float)));

  void *kernelArgs[] = {(void *)&dIn, (void *)&dPartials, (void *)&dResult, (void *)&n, (void *)&dCycles};
  checkCudaErrors(cudaLaunchCooperativeKernel((void *)gridReduce, dim3(blocks), dim3(threads), kernelArgs, 0, 0));
  checkCudaErrors(cudaDeviceSynchronize());
  float result = 0.0f;
  long long cycles = 0;
  checkCudaErrors(cudaMemcpy(&result, dResult, sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(&cycles, dCycles, sizeof(long long), cudaMemcpyDeviceToHost));
  printf("sum %.0f in %lld cycles on %d blocks\n", result, cycles, blocks);

  checkCudaErrors(cudaFree(dIn));
  checkCudaErrors(cudaFree(dPartials));
  checkCudaErrors(cudaFree(dResult));
  checkCudaErrors(cudaFree(dCycles));
  free(hIn);
  return result == (float)n ? EXIT_SUCCESS : EXIT_FAILURE;
}
