// corpus: kernel; work-efficient (Blelloch) exclusive scan per block in shared memory + block-sum scan + uniform add
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

#define BLOCK_THREADS 256
#define ELEMS_PER_BLOCK (2 * BLOCK_THREADS)

// Exclusive scan of ELEMS_PER_BLOCK elements per block; writes block totals.
__global__ void blellochScan(const int* in, int* out, int* blockSums, int n) {
  __shared__ int temp[ELEMS_PER_BLOCK];
  int tid = threadIdx.x;
  int base = blockIdx.x * ELEMS_PER_BLOCK;
  int ai = tid, bi = tid + BLOCK_THREADS;
  temp[ai] = base + ai < n ? in[base + ai] : 0;
  temp[bi] = base + bi < n ? in[base + bi] : 0;

  int offset = 1;
  for (int d = ELEMS_PER_BLOCK >> 1; d > 0; d >>= 1) {  // up-sweep
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1;
      int b = offset * (2 * tid + 2) - 1;
      temp[b] += temp[a];
    }
    offset <<= 1;
  }
  if (tid == 0) {
    if (blockSums) blockSums[blockIdx.x] = temp[ELEMS_PER_BLOCK - 1];
    temp[ELEMS_PER_BLOCK - 1] = 0;
  }
  for (int d = 1; d < ELEMS_PER_BLOCK; d <<= 1) {  // down-sweep
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int a = offset * (2 * tid + 1) - 1;
      int b = offset * (2 * tid + 2) - 1;
      int t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  if (base + ai < n) out[base + ai] = temp[ai];
  if (base + bi < n) out[base + bi] = temp[bi];
}

__global__ void uniformAdd(int* data, const int* increments, int n) {
  int inc = increments[blockIdx.x];
  int base = blockIdx.x * ELEMS_PER_BLOCK;
  for (int k = threadIdx.x; k < ELEMS_PER_BLOCK; k += blockDim.x)
    if (base + k < n) data[base + k] += inc;
}

int main() {
  const int n = 200000;
  const int numBlocks = (n + ELEMS_PER_BLOCK - 1) / ELEMS_PER_BLOCK;  // 391 <= ELEMS_PER_BLOCK
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i % 7) + ((i / 7) % 3);
  int *d_in, *d_out, *d_sums, *d_sumsScan;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sums, numBlocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sumsScan, numBlocks * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  blellochScan<<<numBlocks, BLOCK_THREADS>>>(d_in, d_out, d_sums, n);
  CUDA_CHECK(cudaGetLastError());
  blellochScan<<<1, BLOCK_THREADS>>>(d_sums, d_sumsScan, nullptr, numBlocks);
  CUDA_CHECK(cudaGetLastError());
  uniformAdd<<<numBlocks, BLOCK_THREADS>>>(d_out, d_sumsScan, n);
  CUDA_CHECK(cudaGetLastError());

  std::vector<int> out(n);
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  int running = 0, firstBad = -1;
  for (int i = 0; i < n; ++i) {
    if (out[i] != running && firstBad < 0) firstBad = i;
    running += h[i];
  }
  ok = firstBad < 0;
  printf("exclusive scan: out[1]=%d out[1000]=%d out[n-1]=%d total=%d\n", out[1], out[1000],
         out[n - 1], running);
  printf("first mismatch: %d\n", firstBad);
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_sums));
  CUDA_CHECK(cudaFree(d_sumsScan));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
