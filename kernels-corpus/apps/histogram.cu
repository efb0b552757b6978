// corpus: apps; 256-bin byte histogram with per-block privatized shared-memory bins and global atomic merge
#include <vector>
#include "helper_cuda.cuh"

#define NUM_BINS 256

__global__ void histogramShared(const unsigned char* data, size_t n, unsigned int* bins) {
  __shared__ unsigned int local[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  size_t stride = (size_t)blockDim.x * gridDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

__global__ void histogramGlobal(const unsigned char* data, size_t n, unsigned int* bins) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[data[i]], 1u);
}

int main() {
  const size_t n = 3 * 1000 * 1000 + 7;
  std::vector<unsigned char> h(n);
  unsigned int x = 12345u;
  for (size_t i = 0; i < n; ++i) {  // deterministic LCG bytes, skewed towards small values
    x = x * 1664525u + 1013904223u;
    unsigned char a = (unsigned char)(x >> 24), b = (unsigned char)(x >> 16);
    h[i] = a < b ? a : b;
  }
  std::vector<unsigned int> expect(NUM_BINS, 0);
  for (size_t i = 0; i < n; ++i) expect[h[i]]++;

  app::DeviceBuffer<unsigned char> dData(n);
  app::DeviceBuffer<unsigned int> dBins(NUM_BINS), dBins2(NUM_BINS);
  dData.upload(h.data());
  dBins.zero();
  dBins2.zero();
  histogramShared<<<120, 256>>>(dData.get(), n, dBins.get());
  CHECK_LAST("histogramShared");
  LAUNCH_1D(histogramGlobal, (int)n, 512, dData.get(), n, dBins2.get());
  CHECK_LAST("histogramGlobal");
  std::vector<unsigned int> got(NUM_BINS), got2(NUM_BINS);
  dBins.download(got.data());
  dBins2.download(got2.data());

  bool ok = got == expect && got2 == expect;
  unsigned long long total = 0, weighted = 0;
  for (int b = 0; b < NUM_BINS; ++b) {
    total += got[b];
    weighted += (unsigned long long)b * got[b];
  }
  printf("bins[0]=%u bins[1]=%u bins[128]=%u bins[255]=%u\n", got[0], got[1], got[128], got[255]);
  printf("total=%llu weighted=%llu\n", total, weighted);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
