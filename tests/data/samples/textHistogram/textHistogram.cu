// "Programming Massively Parallel Processors", chapter 9: a histogram of the
// letters of a text in bins of four, privatized in shared memory, with
// coarsened interleaved threads and aggregation of runs; the host checks it
// with the standard library.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>
#include <cuda_runtime.h>

#define NUM_BINS 7
#define CFACTOR 4

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line,
                      bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file,
            line);
    if (abort) exit(code);
  }
}

__global__ void histo_private_kernel(const char *data, unsigned int length,
                                     unsigned int *histo) {
  __shared__ unsigned int histo_s[NUM_BINS];
  for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
    histo_s[bin] = 0u;
  }
  __syncthreads();
  // Interleaved partitioning, coarsened by the grid-stride loop.
  unsigned int accumulator = 0;
  int prevBinIdx = -1;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < length;
       i += blockDim.x * gridDim.x) {
    int alphabet_position = data[i] - 'a';
    if (alphabet_position >= 0 && alphabet_position < 26) {
      int bin = alphabet_position / 4;
      if (bin == prevBinIdx) {
        ++accumulator;
      } else {
        if (accumulator > 0) atomicAdd(&(histo_s[prevBinIdx]), accumulator);
        accumulator = 1;
        prevBinIdx = bin;
      }
    }
  }
  if (accumulator > 0) atomicAdd(&(histo_s[prevBinIdx]), accumulator);
  __syncthreads();
  for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
    unsigned int binValue = histo_s[bin];
    if (binValue > 0) {
      atomicAdd(&(histo[bin]), binValue);
    }
  }
}

// Contiguous partitioning: each thread owns CFACTOR consecutive characters.
__global__ void histo_contiguous_kernel(const char *data, unsigned int length,
                                        unsigned long long *histo) {
  __shared__ unsigned long long histo_s[NUM_BINS];
  if (threadIdx.x < NUM_BINS) histo_s[threadIdx.x] = 0ull;
  __syncthreads();
  unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (unsigned int i = tid * CFACTOR; i < min((tid + 1) * CFACTOR, length);
       ++i) {
    int alphabet_position = data[i] - 'a';
    if (alphabet_position >= 0 && alphabet_position < 26) {
      atomicAdd(&(histo_s[alphabet_position / 4]), 1ull);
    }
  }
  __syncthreads();
  if (threadIdx.x < NUM_BINS) {
    atomicAdd(&(histo[threadIdx.x]), histo_s[threadIdx.x]);
  }
}

// How many blocks saw any letter at all: a block-wide vote.
__global__ void blocks_with_letters(const char *data, unsigned int length,
                                    unsigned int *count) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int letter = i < length && data[i] >= 'a' && data[i] <= 'z';
  if (__syncthreads_or(letter) && threadIdx.x == 0) atomicInc(count, 0xffffffffu);
}

int main() {
  std::string text;
  const char *words[] = {"programming ", "massively ", "parallel ",
                         "processors ", "histogram ", "privatization "};
  for (int i = 0; i < 200000; ++i) text += words[(i * 7) % 6];
  const unsigned int length = (unsigned int)text.size();

  char *d_data;
  unsigned int *d_histo, *d_count;
  unsigned long long *d_histo64;
  gpuErrchk(cudaMalloc(&d_data, length));
  gpuErrchk(cudaMalloc(&d_histo, NUM_BINS * sizeof(unsigned int)));
  gpuErrchk(cudaMalloc(&d_histo64, NUM_BINS * sizeof(unsigned long long)));
  gpuErrchk(cudaMalloc(&d_count, sizeof(unsigned int)));
  gpuErrchk(cudaMemcpy(d_data, text.data(), length, cudaMemcpyHostToDevice));

  cudaStream_t s;
  gpuErrchk(cudaStreamCreate(&s));
  gpuErrchk(cudaMemsetAsync(d_histo, 0, NUM_BINS * sizeof(unsigned int), s));
  gpuErrchk(cudaMemsetAsync(d_histo64, 0, NUM_BINS * sizeof(unsigned long long), s));
  gpuErrchk(cudaMemsetAsync(d_count, 0, sizeof(unsigned int), s));

  int blockSize = 256, blocksPerSM = 0, numSMs = 0, dev = 0;
  gpuErrchk(cudaGetDevice(&dev));
  gpuErrchk(cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, dev));
  gpuErrchk(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocksPerSM, histo_private_kernel, blockSize, 0));
  histo_private_kernel<<<numSMs * blocksPerSM, blockSize, 0, s>>>(d_data, length,
                                                                  d_histo);
  gpuErrchk(cudaPeekAtLastError());
  unsigned int threads = (length + CFACTOR - 1) / CFACTOR;
  histo_contiguous_kernel<<<(threads + blockSize - 1) / blockSize, blockSize, 0, s>>>(
      d_data, length, d_histo64);
  blocks_with_letters<<<(length + blockSize - 1) / blockSize, blockSize, 0, s>>>(
      d_data, length, d_count);
  gpuErrchk(cudaGetLastError());

  std::vector<unsigned int> histo(NUM_BINS);
  std::vector<unsigned long long> histo64(NUM_BINS);
  unsigned int blocks = 0;
  gpuErrchk(cudaMemcpyAsync(histo.data(), d_histo, NUM_BINS * sizeof(unsigned int),
                            cudaMemcpyDeviceToHost, s));
  gpuErrchk(cudaMemcpyAsync(histo64.data(), d_histo64,
                            NUM_BINS * sizeof(unsigned long long),
                            cudaMemcpyDeviceToHost, s));
  gpuErrchk(cudaMemcpyAsync(&blocks, d_count, sizeof(unsigned int),
                            cudaMemcpyDeviceToHost, s));
  gpuErrchk(cudaStreamSynchronize(s));

  std::vector<unsigned int> ref(NUM_BINS, 0);
  std::for_each(text.begin(), text.end(), [&](char c) {
    if (c >= 'a' && c <= 'z') ++ref[(c - 'a') / 4];
  });
  bool ok = std::equal(ref.begin(), ref.end(), histo.begin()) &&
            std::equal(ref.begin(), ref.end(), histo64.begin());
  unsigned long long total = std::accumulate(histo64.begin(), histo64.end(), 0ull);
  auto top = std::max_element(histo.begin(), histo.end()) - histo.begin();
  printf("%llu letters, fullest bin %ld (%c-%c), %u blocks with letters: %s\n",
         total, (long)top, (char)('a' + 4 * top), (char)('a' + 4 * top + 3),
         blocks, ok ? "PASSED" : "FAILED");

  gpuErrchk(cudaStreamDestroy(s));
  gpuErrchk(cudaFree(d_data));
  gpuErrchk(cudaFree(d_histo));
  gpuErrchk(cudaFree(d_histo64));
  gpuErrchk(cudaFree(d_count));
  return ok ? 0 : 1;
}
