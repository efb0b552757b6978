#include <cuda_runtime.h>

#define BLOCK 256
#define MIN_BLOCKS 2

__global__ void __launch_bounds__(256, 1) stencil7(const float *in, float *out, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x <= 0 || x >= nx - 1) return;
  out[x] = in[x - 1] + in[x] + in[x + 1];
}

__global__ void __launch_bounds__(BLOCK, MIN_BLOCKS) gemv_rows(const float *a, const float *x, float *y, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n) { float s = 0; for (int c = 0; c < n; ++c) s += a[r * n + c] * x[c]; y[r] = s; }
}

__global__ void __launch_bounds__(128, 4) spmv_csr(const int *rp, const int *ci, const float *v, const float *x, float *y, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n) { float s = 0; for (int j = rp[r]; j < rp[r + 1]; ++j) s += v[j] * x[ci[j]]; y[r] = s; }
}

template <int THREADS>
__global__ void __launch_bounds__(THREADS, 1) reduce_kernel(const float *in, float *out, int n) {
  __shared__ float s[THREADS];
  int i = blockIdx.x * THREADS + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.f;
  __syncthreads();
  for (int o = THREADS / 2; o > 0; o /= 2) { if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o]; __syncthreads(); }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

__global__ void __launch_bounds__(1024, 1) scan_block(int *data) {
  data[threadIdx.x] += 1;
}

__global__ void __launch_bounds__(512, 3) lbm_collide(float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f[i] *= 0.5f;
}

__global__ void __launch_bounds__(256) plain_bounds(float *p) { p[threadIdx.x] = 0.f; }

#ifdef __HIP_PLATFORM_AMD__
__global__ void __launch_bounds__(256, 8) hip_tuned(float *p) { p[threadIdx.x] = 1.f; }
#else
__global__ void __launch_bounds__(256, 2) hip_tuned(float *p) { p[threadIdx.x] = 1.f; }
#endif
