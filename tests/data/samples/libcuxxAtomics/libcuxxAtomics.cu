// libcu++ (cuda::std, cuda::atomic_ref) with extended __device__ lambdas and
// constexpr helpers in kernels, the style of the "CUDA C++ Core Libraries"
// examples and modern tutorials.

#include <cstdio>
#include <cuda_runtime.h>
#include <cuda/std/atomic>
#include <cuda/std/array>
#include <cuda/std/limits>
#include <cuda/atomic>
#include <helper_cuda.h>

constexpr int kBins = 16;

__host__ __device__ constexpr int binOf(float v) {
  return v < 0.f ? 0 : (v >= 1.f ? kBins - 1 : int(v * kBins));
}

template <typename F>
__global__ void forEach(int n, F f) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    f(i);
}

__global__ void histogram(const float *in, int n, int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cuda::atomic_ref<int, cuda::thread_scope_device> ref(bins[binOf(in[i])]);
  ref.fetch_add(1, cuda::std::memory_order_relaxed);
}

__global__ void minMax(const float *in, int n, float *out) {
  __shared__ cuda::std::array<float, 2> local;
  if (threadIdx.x == 0) {
    local[0] = cuda::std::numeric_limits<float>::max();
    local[1] = cuda::std::numeric_limits<float>::lowest();
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicMin((int *)&local[0], __float_as_int(in[i]));
    atomicMax((int *)&local[1], __float_as_int(in[i]));
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = local[0];
    out[2 * blockIdx.x + 1] = local[1];
  }
}

__global__ void flagKernel(cuda::std::atomic<int> *flag, int *data) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    data[0] = 42;
    flag->store(1, cuda::std::memory_order_release);
  }
  if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (flag->load(cuda::std::memory_order_acquire) == 0) {
    }
    data[1] = data[0] + 1;
  }
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = 1 << 20;
  float *d_in;
  int *d_bins;
  checkCudaErrors(cudaMallocManaged(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMallocManaged(&d_bins, kBins * sizeof(int)));
  checkCudaErrors(cudaMemset(d_bins, 0, kBins * sizeof(int)));

  const float scale = 1.0f / n;
  forEach<<<256, 256>>>(n, [=] __device__(int i) { d_in[i] = i * scale; });
  auto square = [=] __host__ __device__(float x) { return x * x; };
  forEach<<<256, 256>>>(n, [=] __device__(int i) { d_in[i] = square(d_in[i]); });
  histogram<<<(n + 255) / 256, 256>>>(d_in, n, d_bins);

  float *d_mm;
  checkCudaErrors(cudaMalloc(&d_mm, 2 * ((n + 255) / 256) * sizeof(float)));
  minMax<<<(n + 255) / 256, 256>>>(d_in, n, d_mm);

  cuda::std::atomic<int> *flag;
  int *data;
  checkCudaErrors(cudaMallocManaged(&flag, sizeof(*flag)));
  checkCudaErrors(cudaMallocManaged(&data, 2 * sizeof(int)));
  new (flag) cuda::std::atomic<int>(0);
  flagKernel<<<2, 32>>>(flag, data);
  checkCudaErrors(cudaDeviceSynchronize());

  for (int b = 0; b < kBins; ++b) printf("bin %2d: %d\n", b, d_bins[b]);
  printf("data[1] = %d\n", data[1]);
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_bins));
  checkCudaErrors(cudaFree(d_mm));
  checkCudaErrors(cudaFree(flag));
  checkCudaErrors(cudaFree(data));
  return 0;
}
