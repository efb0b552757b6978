// Cooperative groups the way CUDA 12 tutorials and course notes write them
// (the "Cooperative Groups: Flexible CUDA Thread Programming" blog updated to
// the CUDA 12 names): dim_threads()/num_threads() on the block, the grid's
// block_rank(), num_blocks(), block_index() and thread_index() for a 2D
// grid-stride loop, a tile reduction with shfl_down and a cooperative launch
// whose grid.sync() separates the two phases.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define CUDA_CHECK(call)                                                   \
  do {                                                                     \
    cudaError_t err_ = (call);                                             \
    if (err_ != cudaSuccess) {                                             \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_), \
              __FILE__, __LINE__);                                         \
      std::exit(EXIT_FAILURE);                                             \
    }                                                                      \
  } while (0)

template <int TILE>
__device__ float tile_sum(cg::thread_block_tile<TILE> tile, float v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;
}

// 2D image: each thread walks the grid-stride loop in both dimensions.
__global__ void scale2d(float *img, int w, int h, float s) {
  cg::grid_group grid = cg::this_grid();
  dim3 t = grid.thread_index();
  dim3 span = grid.dim_threads();
  for (unsigned y = t.y; y < (unsigned)h; y += span.y)
    for (unsigned x = t.x; x < (unsigned)w; x += span.x) img[y * w + x] *= s;
}

// Phase 1: per-block partial sums; grid.sync(); phase 2: block 0 adds them.
__global__ void two_phase_sum(const float *in, float *partial, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float warp_sums[32];

  float v = 0.0f;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.num_threads())
    v += in[i];
  v = tile_sum<32>(warp, v);
  if (warp.thread_rank() == 0) warp_sums[block.thread_rank() / 32] = v;
  block.sync();
  if (block.thread_rank() == 0) {
    float s = 0.0f;
    for (unsigned i = 0; i < block.num_threads() / 32; ++i) s += warp_sums[i];
    partial[grid.block_rank()] = s;
  }
  grid.sync();
  if (grid.block_rank() == 0 && block.thread_rank() == 0) {
    float s = 0.0f;
    for (unsigned long long b = 0; b < grid.num_blocks(); ++b) s += partial[b];
    *out = s;
    dim3 bi = grid.block_index();
    dim3 bd = block.dim_threads();
    printf("block (%u,%u) of %llu, %u threads each\n", bi.x, bi.y, grid.num_blocks(), bd.x);
  }
}

int main() {
  int dev = 0;
  CUDA_CHECK(cudaSetDevice(dev));
  int coop = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  if (!coop) {
    printf("cooperative launch not supported, waiving\n");
    return 0;
  }

  const int n = 1 << 20;
  std::vector<float> h(n, 1.0f);
  float *d_in, *d_partial, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  int threads = 256, blocksPerSm = 0, sms = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, two_phase_sum, threads, 0));
  int blocks = blocksPerSm * sms;
  CUDA_CHECK(cudaMalloc(&d_partial, blocks * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, sizeof(float)));

  int nn = n;
  void *args[] = {&d_in, &d_partial, &d_out, &nn};
  CUDA_CHECK(cudaLaunchCooperativeKernel((void *)two_phase_sum, blocks, threads, args, 0, 0));
  float sum = 0.0f;
  CUDA_CHECK(cudaMemcpy(&sum, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  printf("sum = %.0f (expected %d)\n", sum, n);

  scale2d<<<dim3(8, 8), dim3(16, 16)>>>(d_in, 1024, 1024, 0.5f);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_partial));
  CUDA_CHECK(cudaFree(d_out));
  return sum == (float)n ? 0 : 1;
}
