#include "neighbors.cuh"
__device__ float g_cutoff = 2.5f;
__device__ int neighbor_count(const int* cell_start, int cell) {
  return cell_start[cell + 1] - cell_start[cell];
}
