#include <cooperative_groups.h>
#include "common.h"
namespace cg = cooperative_groups;

// Each row is handled by a 16-thread group (half a warp).
template <int GROUP>
__device__ float group_sum(float v) {
  for (int o = GROUP / 2; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffff, v, o, GROUP);
  return v;
}

__global__ void spmv_vector(const int *rowptr, const int *col, const float *val,
                            const float *x, float *y, int rows) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int row = tid / 16;
  int lane = tid & 15;
  if (row >= rows) return;
  float s = 0.f;
  for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += 16) s += val[j] * x[col[j]];
  s = group_sum<16>(s);
  if (lane == 0) y[row] = s;
}

__global__ void tile_reduce(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[block.group_index().x * block.size() + block.thread_rank()];
  for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0) atomicAdd(out, v);
}
