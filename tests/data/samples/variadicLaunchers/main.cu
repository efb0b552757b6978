// main.cu -- histogram equalisation of a synthetic image, every kernel
// launched through launch.cuh.
#include <algorithm>
#include <numeric>
#include <vector>

#include "launch.cuh"

namespace cg = cooperative_groups;

constexpr int kBins = 256;

__global__ void histogram(const unsigned char *__restrict__ pixels, size_t n,
                          unsigned int *__restrict__ bins) {
  __shared__ unsigned int local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += size_t(blockDim.x) * gridDim.x)
    atomicAdd(&local[pixels[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

// One cooperative kernel: the scan of the histogram and the remap, with a
// grid-wide barrier between them.
__global__ void equalise(unsigned char *pixels, size_t n,
                         const unsigned int *bins, unsigned int *cdf) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0) {
    unsigned int run = 0;
    for (int b = 0; b < kBins; ++b) {
      run += bins[b];
      cdf[b] = run;
    }
  }
  grid.sync();
  const float scale = 255.0f / float(cdf[kBins - 1]);
  for (size_t i = grid.thread_rank(); i < n; i += grid.size())
    pixels[i] = static_cast<unsigned char>(__float2uint_rn(cdf[pixels[i]] * scale) & 0xff);
}

__global__ void invert(unsigned char *pixels, size_t n) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n) pixels[i] = 255 - pixels[i];
}

int main() {
  const size_t width = 1920, height = 1080, n = width * height;
  std::vector<unsigned char> image(n);
  for (size_t i = 0; i < n; ++i) image[i] = static_cast<unsigned char>((i * 7) % 97 + 64);

  unsigned char *d_pixels = nullptr;
  unsigned int *d_bins = nullptr, *d_cdf = nullptr;
  CUDA_CHECK(cudaMalloc(&d_pixels, n));
  CUDA_CHECK(cudaMalloc(&d_bins, kBins * sizeof(unsigned int)));
  CUDA_CHECK(cudaMalloc(&d_cdf, kBins * sizeof(unsigned int)));
  CUDA_CHECK(cudaMemcpy(d_pixels, image.data(), n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_bins, 0, kBins * sizeof(unsigned int)));

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

  auto cfg = gpu::linear_config(n, 256, stream);
  cfg.grid.x = std::min(cfg.grid.x, 1024u);
  gpu::launch(cfg, histogram, d_pixels, n, d_bins);
  CUDA_CHECK(cudaStreamSynchronize(stream));

  const unsigned char *in = d_pixels;
  (void)in;
  gpu::launch_cooperative(equalise, 256, 0, d_pixels, n,
                          static_cast<const unsigned int *>(d_bins), d_cdf);

  float ms = gpu::time_ms([&] {
    gpu::launch_runtime(gpu::linear_config(n), invert, d_pixels, n);
  });
  std::printf("invert: %.3f ms\n", ms);

  std::vector<unsigned int> cdf(kBins);
  CUDA_CHECK(cudaMemcpy(cdf.data(), d_cdf, kBins * sizeof(unsigned int),
                        cudaMemcpyDeviceToHost));
  std::printf("pixels counted: %u of %zu\n", cdf[kBins - 1], n);

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(d_pixels));
  CUDA_CHECK(cudaFree(d_bins));
  CUDA_CHECK(cudaFree(d_cdf));
  return cdf[kBins - 1] == n ? 0 : 1;
}
