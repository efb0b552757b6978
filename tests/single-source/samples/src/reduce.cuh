#pragma once
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// Warp-level sum with the full mask; the shift starts at 16 (32-lane warps).
template <typename T>
__device__ __forceinline__ T warp_reduce_sum(T v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_xor_sync(0xffffffff, v, offset);
  return v;
}

__device__ inline unsigned lane_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

__device__ inline void sync_lanes() { __syncwarp(); }
