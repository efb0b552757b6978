// corpus: kernel; warp shuffles __shfl_down_sync/__shfl_xor_sync/__shfl_sync/__shfl_up_sync (full mask), warp-size agnostic via warpSize
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

#define FULL_MASK 0xffffffff

__inline__ __device__ int warpReduceSum(int val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__inline__ __device__ int warpAllReduceMax(int val) {
  for (int mask = warpSize / 2; mask > 0; mask >>= 1)
    val = max(val, __shfl_xor_sync(FULL_MASK, val, mask));
  return val;
}

__inline__ __device__ int warpInclusiveScan(int val) {
  int lane = threadIdx.x % warpSize;
  for (int offset = 1; offset < warpSize; offset <<= 1) {
    int y = __shfl_up_sync(FULL_MASK, val, offset);
    if (lane >= offset) val += y;
  }
  return val;
}

// blockDim.x must be a multiple of warpSize (256 is, for 32 and 64).
__global__ void shuffleKernel(const int* in, int* blockSum, int* blockMax, int* scan,
                              int* segSum16, int* errors) {
  __shared__ int warpTotals[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  int numWarps = blockDim.x / warpSize;
  int v = in[i];

  // broadcast from lane 0 and from the last lane: check against memory
  int first = __shfl_sync(FULL_MASK, v, 0);
  int last = __shfl_sync(FULL_MASK, v, warpSize - 1);
  int warpBase = blockIdx.x * blockDim.x + warp * warpSize;
  if (first != in[warpBase] || last != in[warpBase + warpSize - 1]) atomicAdd(errors, 1);
  // xor with 1 swaps neighbours
  if (__shfl_xor_sync(FULL_MASK, v, 1) != in[i ^ 1]) atomicAdd(errors, 1);

  // sums over segments of 16 lanes with the width argument
  int s16 = v;
  for (int offset = 8; offset > 0; offset /= 2) s16 += __shfl_down_sync(FULL_MASK, s16, offset, 16);
  if ((threadIdx.x & 15) == 0) segSum16[i / 16] = s16;

  // block sum: warp reduce, then first warp reduces warp totals
  int ws = warpReduceSum(v);
  if (lane == 0) warpTotals[warp] = ws;
  __syncthreads();
  if (warp == 0) {
    int t = lane < numWarps ? warpTotals[lane] : 0;
    t = warpReduceSum(t);
    if (lane == 0) blockSum[blockIdx.x] = t;
  }
  int m = warpAllReduceMax(v);
  if (threadIdx.x == 0) blockMax[blockIdx.x] = 0;
  __syncthreads();
  if (lane == 0) atomicMax(&blockMax[blockIdx.x], m);

  // block-wide inclusive scan from warp scans plus preceding warp totals
  int inc = warpInclusiveScan(v);
  int prefix = 0;
  for (int w = 0; w < warp; ++w) prefix += warpTotals[w];
  scan[i] = inc + prefix;
}

int main() {
  const int threads = 256, blocks = 12, n = threads * blocks;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 37) % 101;
  int *d_in, *d_sum, *d_max, *d_scan, *d_seg, *d_err;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sum, blocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_max, blocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_scan, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_seg, n / 16 * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_err, sizeof(int)));
  CUDA_CHECK(cudaMemset(d_err, 0, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  shuffleKernel<<<blocks, threads>>>(d_in, d_sum, d_max, d_scan, d_seg, d_err);
  CUDA_CHECK(cudaGetLastError());

  std::vector<int> sum(blocks), mx(blocks), scan(n), seg(n / 16);
  int errors = -1;
  CUDA_CHECK(cudaMemcpy(sum.data(), d_sum, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(mx.data(), d_max, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(scan.data(), d_scan, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(seg.data(), d_seg, n / 16 * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&errors, d_err, sizeof(int), cudaMemcpyDeviceToHost));

  bool ok = errors == 0;
  long long total = 0, segTotal = 0;
  for (int b = 0; b < blocks; ++b) {
    int s = 0, m = 0;
    for (int t = 0; t < threads; ++t) {
      int v = h[b * threads + t];
      s += v;
      m = v > m ? v : m;
      if (scan[b * threads + t] != s) ok = false;
    }
    if (sum[b] != s || mx[b] != m) ok = false;
    total += sum[b];
  }
  for (int k = 0; k < n / 16; ++k) {
    int s = 0;
    for (int j = 0; j < 16; ++j) s += h[k * 16 + j];
    if (seg[k] != s) ok = false;
    segTotal += seg[k];
  }
  printf("broadcast/xor mismatches = %d\n", errors);
  printf("block sums[0..2] = %d %d %d, total = %lld\n", sum[0], sum[1], sum[2], total);
  printf("block max[0] = %d, scan[255] = %d, 16-lane segment total = %lld\n", mx[0], scan[255], segTotal);
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_sum));
  CUDA_CHECK(cudaFree(d_max));
  CUDA_CHECK(cudaFree(d_scan));
  CUDA_CHECK(cudaFree(d_seg));
  CUDA_CHECK(cudaFree(d_err));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
