#pragma once
// Defined in neighbors.cu, called from forces.cu and integrate.cu: the
// solver library links device code across units.
__device__ int neighbor_count(const int* cell_start, int cell);
extern __device__ float g_cutoff;
