// A project's reduction helpers over cooperative groups, written as macros
// so one body serves tiles of any size.
#pragma once
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define WARP_SIZE 32
#define LANE_ID(g) ((g).thread_rank())
#define TILE_SUM(g, v) cg::reduce(g, v, cg::plus<unsigned int>())

// Aligned per-thread records, as NVIDIA's alignedTypes declares them.
typedef struct __align__(8) {
  unsigned int inside;
  unsigned int total;
} PiCount;
