// Stream compaction with a tile-wide scan.
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

__global__ void compact(const int* flags, const int* values, int* out, int* count, int n) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int keep = (i < n) ? flags[i] : 0;
  int slot = cg::exclusive_scan(tile, keep);
  int base = 0;
  if (tile.thread_rank() == 31) base = atomicAdd(count, slot + keep);
  base = tile.shfl(base, 31);
  if (keep) out[base + slot] = values[i];
}
