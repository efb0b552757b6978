// corpus: kernel; warp votes __ballot_sync/__any_sync/__all_sync with 64-bit-safe popcounts, results independent of warp size
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

inline void checkCuda(cudaError_t result, const char* file, int line) {
  if (result != cudaSuccess) {
    fprintf(stderr, "%s:%d: %s\n", file, line, cudaGetErrorString(result));
    exit(EXIT_FAILURE);
  }
}
#define CHECK_CUDA(x) checkCuda((x), __FILE__, __LINE__)

struct VoteCounts {
  unsigned long long ballotBits;  // sum of popcounts of ballots (once per warp)
  unsigned int anyChunk;          // threads whose warp had any chunk-predicate true
  unsigned int allChunk;          // threads whose warp had all chunk-predicate true
  unsigned int anyMod3;
  unsigned int allMod3;
};

// Predicates: "chunk" is constant over aligned runs of 64 threads, so any/all
// agree with the predicate itself for warps of 32 or 64 lanes.
__global__ void voteKernel(const int* data, int n, VoteCounts* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool inRange = i < n;
  int v = inRange ? data[i] : -1;
  bool positive = v > 0;
  bool chunk = ((i / 64) % 3) == 0;
  bool mod3 = (i % 3) == 0;

  // the ballot result is stored in a 64-bit integer and counted with __popcll
  unsigned long long ballot = __ballot_sync(0xffffffff, positive);
  int anyChunk = __any_sync(0xffffffff, chunk);
  int allChunk = __all_sync(0xffffffff, chunk);
  int anyMod3 = __any_sync(0xffffffff, mod3);
  int allMod3 = __all_sync(0xffffffff, mod3);

  if (threadIdx.x % warpSize == 0) atomicAdd(&out->ballotBits, (unsigned long long)__popcll(ballot));
  if (anyChunk) atomicAdd(&out->anyChunk, 1u);
  if (allChunk) atomicAdd(&out->allChunk, 1u);
  if (anyMod3) atomicAdd(&out->anyMod3, 1u);
  if (allMod3) atomicAdd(&out->allMod3, 1u);
}

int main() {
  const int threads = 128, blocks = 24, total = threads * blocks, n = total - 50;
  int* h = (int*)malloc(n * sizeof(int));
  int expectPositive = 0;
  for (int i = 0; i < n; ++i) {
    h[i] = (i * 13) % 17 - 5;
    expectPositive += h[i] > 0;
  }
  int* d;
  VoteCounts* d_out;
  CHECK_CUDA(cudaMalloc(&d, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_out, sizeof(VoteCounts)));
  CHECK_CUDA(cudaMemset(d_out, 0, sizeof(VoteCounts)));
  CHECK_CUDA(cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice));
  voteKernel<<<blocks, threads>>>(d, n, d_out);
  CHECK_CUDA(cudaGetLastError());
  VoteCounts c;
  CHECK_CUDA(cudaMemcpy(&c, d_out, sizeof(c), cudaMemcpyDeviceToHost));

  unsigned expectChunk = 0;
  for (int i = 0; i < total; ++i) expectChunk += ((i / 64) % 3) == 0;
  printf("ballot popcount total = %llu (positives %d)\n", c.ballotBits, expectPositive);
  printf("any(chunk) = %u, all(chunk) = %u (expected %u)\n", c.anyChunk, c.allChunk, expectChunk);
  printf("any(i%%3==0) = %u, all(i%%3==0) = %u\n", c.anyMod3, c.allMod3);
  bool ok = c.ballotBits == (unsigned long long)expectPositive && c.anyChunk == expectChunk &&
            c.allChunk == expectChunk && c.anyMod3 == (unsigned)total && c.allMod3 == 0;
  CHECK_CUDA(cudaFree(d));
  CHECK_CUDA(cudaFree(d_out));
  free(h);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
