// Kernels for drvTextureCoop, compiled to a cubin (nvcc -cubin) and loaded
// by the host program through the driver API.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

extern "C" __global__ void blurRows(cudaTextureObject_t tex, float *out, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    float s = tex2D<float>(tex, x - 1 + 0.5f, y + 0.5f) + tex2D<float>(tex, x + 0.5f, y + 0.5f) +
              tex2D<float>(tex, x + 1 + 0.5f, y + 0.5f);
    out[y * width + x] = s / 3.0f;
  }
}

extern "C" __global__ void sumAll(const float *in, float *partial, float *total, int n) {
  cg::grid_group grid = cg::this_grid();
  float s = 0.0f;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) s += in[i];
  atomicAdd(&partial[blockIdx.x], s);
  grid.sync();
  if (grid.thread_rank() == 0) {
    float t = 0.0f;
    for (unsigned b = 0; b < gridDim.x; b++) t += partial[b];
    *total = t;
  }
}
