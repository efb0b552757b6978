#include "block_reduce.cuh"

#ifdef __HIP_PLATFORM_AMD__
// ROCm: one private histogram per wavefront.
__global__ void hist_wave(const unsigned char *in, unsigned *bins, int n) {
  __shared__ unsigned local[256 / warpSize][256];
  static_assert(warpSize == 64, "CDNA wavefronts");
  int wid = threadIdx.x / warpSize;
  for (int i = threadIdx.x; i < 256 * (256 / warpSize); i += blockDim.x) (&local[0][0])[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[wid][in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) {
    unsigned s = 0;
    for (int w = 0; w < 256 / warpSize; ++w) s += local[w][b];
    atomicAdd(&bins[b], s);
  }
}
#endif

namespace host {
// Host-side planning: the device's warp size is queried at run time.
struct Plan {
  int warpSize;
  int blocks;
};

inline Plan make_plan(int n) {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  Plan plan{p.warpSize, (n + 255) / 256};
  return plan;
}
}  // namespace host

template <int WS>
__device__ float sum_ws(float v) {
  for (int o = WS / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o, WS);
  return v;
}

__global__ void kernel_sum(const float *in, float *out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
#ifdef __HIP_PLATFORM_AMD__
  v = sum_ws<warpSize>(v);
#else
  v = sum_ws<32>(v);
#endif
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}
