// cuda-training-series homework 9 style: a cooperative-groups grid sync
// between two phases of one kernel, launched with cudaLaunchCooperativeKernel
// after checking cudaDevAttrCooperativeLaunch and sizing the grid from
// cudaOccupancyMaxActiveBlocksPerMultiprocessor; a tiled_partition sum with
// cg::reduce-free shuffles and a coalesced group's atomic.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define cudaCheckErrors(msg)                                                   \
  do {                                                                         \
    cudaError_t __err = cudaGetLastError();                                    \
    if (__err != cudaSuccess) {                                                \
      fprintf(stderr, "Fatal error: %s (%s at %s:%d)\n", msg,                  \
              cudaGetErrorString(__err), __FILE__, __LINE__);                  \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

const int nTPB = 256;

template <typename group_t>
__device__ float tile_sum(group_t g, float v) {
  for (int offset = g.size() / 2; offset > 0; offset /= 2) v += g.shfl_down(v, offset);
  return v;
}

__global__ void two_phase(const float *in, float *partial, float *out, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<16>(block);
  float v = 0.0f;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) v += in[i];
  v = tile_sum(tile, v);
  if (tile.thread_rank() == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    if (active.thread_rank() == 0 || true) atomicAdd(&partial[blockIdx.x], v);
  }
  grid.sync();
  if (grid.thread_rank() == 0) {
    float t = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *out = t;
  }
}

int main() {
  const int n = 1 << 22;
  int dev = 0, supportsCoopLaunch = 0, numSMs = 0, blocksPerSM = 0;
  cudaSetDevice(dev);
  cudaDeviceGetAttribute(&supportsCoopLaunch, cudaDevAttrCooperativeLaunch, dev);
  if (!supportsCoopLaunch) {
    printf("cooperative launch not supported\n");
    return 0;
  }
  cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, dev);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, two_phase, nTPB, 0);
  int blocks = numSMs * blocksPerSM;
  float *in, *partial, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&partial, blocks * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));
  cudaMemset(partial, 0, blocks * sizeof(float));
  cudaCheckErrors("setup");
  int count = n;
  void *args[] = {(void *)&in, (void *)&partial, (void *)&out, (void *)&count};
  cudaLaunchCooperativeKernel((void *)two_phase, blocks, nTPB, args);
  cudaCheckErrors("cooperative launch");
  float h = 0.0f;
  cudaMemcpy(&h, out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("sum = %f over %d blocks\n", h, blocks);
  cudaFree(in);
  cudaFree(partial);
  cudaFree(out);
  return 0;
}
