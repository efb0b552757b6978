// Kernels tuned for occupancy on NVIDIA GPUs (min resident blocks per SM).
#include <cuda_runtime.h>

constexpr int kThreads = 128;
constexpr int kMinBlocks = 8;

__global__ void __launch_bounds__(kThreads, kMinBlocks) saxpy_tuned(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void __launch_bounds__(256, 4) lj_forces(const float4 *pos, float4 *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f[i] = pos[i];
}

__global__ void __launch_bounds__(64, 16) small_tiles(float *p) { p[threadIdx.x] *= 2.f; }

template <int BLOCK_THREADS, int MIN_BLOCKS_PER_SM>
__global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS_PER_SM) histogram_sm(const int *in, int *bins, int n) {
  int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
  if (i < n) atomicAdd(&bins[in[i] & 255], 1);
}
template __global__ void histogram_sm<256, 3>(const int *, int *, int);

__global__ void
__launch_bounds__(384, 2)
fused_bias_gelu(const float *x, const float *b, float *y, int n, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float v = x[i] + b[i % cols]; y[i] = 0.5f * v * (1.f + tanhf(0.79788456f * (v + 0.044715f * v * v * v))); }
}

__global__ void __launch_bounds__(512, 2) transpose_rows(const float *in, float *out, int w) {
  out[threadIdx.x * w + blockIdx.x] = in[blockIdx.x * w + threadIdx.x];
}

__global__ void __launch_bounds__(256, 6) softmax_rows(const float *x, float *y, int cols) {
  y[blockIdx.x * cols + threadIdx.x] = __expf(x[blockIdx.x * cols + threadIdx.x]);
}

#define SCAN_THREADS 128
#define SCAN_MIN_BLOCKS 12
__global__ void __launch_bounds__(SCAN_THREADS, SCAN_MIN_BLOCKS) scan_tiles(int *data) {
  data[blockIdx.x * SCAN_THREADS + threadIdx.x] += 1;
}
