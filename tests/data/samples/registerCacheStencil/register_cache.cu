// "Register Cache: Caching for Warp-Centric CUDA Programs" (NVIDIA developer
// blog, Ben-Sasson, Ben-Shabat, Silberstein): a 1D k-stencil where each warp
// loads its inputs into registers once and the threads exchange neighbours
// with __shfl_sync over the full 0xffffffff mask; and a warp-level
// compaction with __ballot_sync / __popc.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t err__ = (call);                                              \
    if (err__ != cudaSuccess) {                                              \
      fprintf(stderr, "CUDA error %s:%d: %s (%s)\n", __FILE__, __LINE__,     \
              cudaGetErrorString(err__), cudaGetErrorName(err__));           \
      exit(EXIT_FAILURE);                                                    \
    }                                                                        \
  } while (0)

#define FULL_MASK 0xffffffff
#define WARP_SIZE 32
#define RADIUS 1
#define OUTPUTS_PER_WARP (WARP_SIZE - 2 * RADIUS)

// Version with shared memory: each thread reads its three inputs from smem
__global__ void stencil_smem(const int *in, int *out, int n) {
  __shared__ int smem[256 + 2 * RADIUS];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lid = threadIdx.x + RADIUS;
  smem[lid] = gid < n ? in[gid] : 0;
  if (threadIdx.x < RADIUS) {
    smem[lid - RADIUS] = gid >= RADIUS ? in[gid - RADIUS] : 0;
    int g = gid + blockDim.x;
    smem[lid + blockDim.x] = g < n ? in[g] : 0;
  }
  __syncthreads();
  if (gid < n) out[gid] = smem[lid - 1] + smem[lid] + smem[lid + 1];
}

// Register-cache version: each warp covers OUTPUTS_PER_WARP outputs
__global__ void stencil_register_cache(const int *in, int *out, int n) {
  int lane = threadIdx.x & (WARP_SIZE - 1);
  int warpId = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE;
  int base = warpId * OUTPUTS_PER_WARP - RADIUS;
  int idx = base + lane;

  // 1. cache: each thread reads one value into a register
  int rc = (idx >= 0 && idx < n) ? in[idx] : 0;

  // 2. communicate: neighbours' values come from their registers
  int left = __shfl_sync(FULL_MASK, rc, lane - 1);
  int right = __shfl_sync(FULL_MASK, rc, lane + 1);
  int lup = __shfl_up_sync(0xffffffff, rc, 1);
  int rdown = __shfl_down_sync(0xffffffff, rc, 1);

  // 3. compute: the edge lanes only supply values
  if (lane >= RADIUS && lane < WARP_SIZE - RADIUS && idx < n) {
    out[idx] = left + rc + right;
    if (left != lup || right != rdown) out[idx] = -1;
  }
}

// Warp-aggregated stream compaction of positive values
__global__ void compact_positive(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int v = i < n ? in[i] : 0;
  unsigned int active = __activemask();
  unsigned int ballot = __ballot_sync(active, v > 0);
  int leader = __ffs(ballot) - 1;
  int total = __popc(ballot);
  int base = 0;
  if (lane == leader) base = atomicAdd(count, total);
  base = __shfl_sync(active, base, leader < 0 ? 0 : leader);
  if (v > 0) {
    unsigned int lower = ballot & ((1u << lane) - 1);
    out[base + __popc(lower)] = v;
  }
}

// All-reduce through butterfly shuffles; every lane ends with the warp sum
__inline__ __device__ int warpAllReduceSum(int val) {
  for (int mask = WARP_SIZE / 2; mask > 0; mask /= 2)
    val += __shfl_xor_sync(0xffffffff, val, mask);
  return val;
}

__global__ void warp_sums(const int *in, int *sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int s = warpAllReduceSum(v);
  if ((threadIdx.x & 31) == 0) sums[i / 32] = s;
}

int main() {
  const int n = 1 << 20;
  int *h_in = (int *)malloc(n * sizeof(int));
  int *h_a = (int *)malloc(n * sizeof(int));
  int *h_b = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) h_in[i] = (i * 37) % 11 - 5;

  int *d_in, *d_a, *d_b, *d_count, *d_sums;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_a, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_b, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_count, sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_sums, (n / 32) * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_count, 0, sizeof(int)));

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  CUDA_CHECK(cudaEventRecord(start));
  stencil_smem<<<(n + 255) / 256, 256>>>(d_in, d_a, n);
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float tSmem = 0;
  CUDA_CHECK(cudaEventElapsedTime(&tSmem, start, stop));

  int warps = (n + OUTPUTS_PER_WARP - 1) / OUTPUTS_PER_WARP;
  int threads = warps * WARP_SIZE;
  CUDA_CHECK(cudaEventRecord(start));
  stencil_register_cache<<<(threads + 255) / 256, 256>>>(d_in, d_b, n);
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float tReg = 0;
  CUDA_CHECK(cudaEventElapsedTime(&tReg, start, stop));
  CUDA_CHECK(cudaGetLastError());

  compact_positive<<<(n + 255) / 256, 256>>>(d_in, d_a, d_count, n);
  warp_sums<<<(n + 255) / 256, 256>>>(d_in, d_sums, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  CUDA_CHECK(cudaMemcpy(h_b, d_b, n * sizeof(int), cudaMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 1; i < n - 1; i++)
    if (h_b[i] != h_in[i - 1] + h_in[i] + h_in[i + 1]) errors++;
  int count = 0;
  CUDA_CHECK(cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost));
  printf("smem %.3f ms, register cache %.3f ms, %d errors, %d positive\n", tSmem, tReg, errors, count);

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_count));
  CUDA_CHECK(cudaFree(d_sums));
  free(h_in);
  free(h_a);
  free(h_b);
  return errors ? EXIT_FAILURE : EXIT_SUCCESS;
}
