#include "neighbors.cuh"
__global__ void forces(const int* cell_start, float* f, int cells) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cells) f[c] = neighbor_count(cell_start, c) * g_cutoff;
}
