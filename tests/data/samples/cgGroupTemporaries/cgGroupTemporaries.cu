// Cooperative groups without naming the groups, as CUDA 12 blog posts and
// course notes write them: the grid's block rank and size straight from
// cg::this_grid(), a warp's index in its block from a tile made in place,
// tile shuffles in a helper, a grid-wide sync in a cooperative launch sized
// from the occupancy API, and sizes printed from a temporary group.
#include <cooperative_groups.h>
#include <cstdio>
#include <vector>

#include <helper_cuda.h>

namespace cg = cooperative_groups;

#define WARP_RANK() (cg::tiled_partition<32>(cg::this_thread_block()).meta_group_rank())
#define WARPS_PER_BLOCK() (cg::tiled_partition<32>(cg::this_thread_block()).meta_group_size())

template <typename T>
__device__ T tile_sum(T v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += cg::tiled_partition<32>(cg::this_thread_block()).shfl_down(v, offset);
  return v;
}

__global__ void normalize(float *data, float *partial, unsigned long long n) {
  __shared__ float warp_sums[32];
  const unsigned long long stride = cg::this_grid().num_blocks() * blockDim.x;

  float local = 0.0f;
  for (unsigned long long i = cg::this_grid().block_rank() * blockDim.x + threadIdx.x; i < n;
       i += stride)
    local += data[i] * data[i];

  local = tile_sum(local);
  if (cg::tiled_partition<32>(cg::this_thread_block()).thread_rank() == 0)
    warp_sums[WARP_RANK()] = local;
  cg::this_thread_block().sync();

  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (unsigned w = 0; w < WARPS_PER_BLOCK(); w++) s += warp_sums[w];
    partial[cg::this_grid().block_rank()] = s;
  }

  cg::this_grid().sync();

  __shared__ float norm;
  if (threadIdx.x == 0) {
    float total = 0.0f;
    for (unsigned long long b = 0; b < cg::this_grid().num_blocks(); b++) total += partial[b];
    norm = sqrtf(total);
  }
  cg::this_thread_block().sync();

  for (unsigned long long i = cg::this_grid().block_rank() * blockDim.x + threadIdx.x; i < n;
       i += stride)
    data[i] /= norm;

  if (cg::this_grid().thread_rank() == 0)
    printf("grid of %llu threads in blocks of %u (%u x %u)\n",
           cg::this_grid().num_threads(), cg::this_thread_block().num_threads(),
           cg::this_thread_block().dim_threads().x, cg::this_thread_block().group_index().x);
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);

  int supportsCoopLaunch = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&supportsCoopLaunch, cudaDevAttrCooperativeLaunch, dev));
  if (!supportsCoopLaunch) {
    printf("Selected GPU (%d) does not support Cooperative Kernel Launch, Waiving the run\n", dev);
    exit(EXIT_WAIVED);
  }

  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));

  const int threads = 256;
  int blocksPerSm = 0;
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, normalize, threads, 0));
  int blocks = blocksPerSm * prop.multiProcessorCount;

  unsigned long long n = 1 << 20;
  std::vector<float> h(n, 2.0f);
  float *d_data, *d_partial;
  checkCudaErrors(cudaMalloc(&d_data, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_partial, blocks * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_data, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  void *args[] = {&d_data, &d_partial, &n};
  checkCudaErrors(cudaLaunchCooperativeKernel((void *)normalize, blocks, threads, args, 0, 0));
  checkCudaErrors(cudaDeviceSynchronize());

  checkCudaErrors(cudaMemcpy(h.data(), d_data, sizeof(float), cudaMemcpyDeviceToHost));
  printf("first element %f (expected %f)\n", h[0], 1.0f / sqrtf((float)n));

  checkCudaErrors(cudaFree(d_data));
  checkCudaErrors(cudaFree(d_partial));
  return 0;
}
