// corpus: kernel; grid-wide barrier grid.sync() with cudaLaunchCooperativeKernel, grid sized from the occupancy API
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

#define THREADS 256

// Phase 1: every block writes a partial sum. grid.sync(). Phase 2: block 0
// sums the partials. grid.sync(). Phase 3: everyone normalises by the total.
__global__ void normalizeKernel(const int* in, float* out, int n, int* partials, int* total) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ int s[THREADS];

  int local = 0;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) local += in[i];
  s[block.thread_rank()] = local;
  block.sync();
  for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
    if (block.thread_rank() < stride) s[block.thread_rank()] += s[block.thread_rank() + stride];
    block.sync();
  }
  if (block.thread_rank() == 0) partials[blockIdx.x] = s[0];

  grid.sync();
  if (blockIdx.x == 0 && block.thread_rank() == 0) {
    int t = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partials[b];
    *total = t;
  }
  grid.sync();

  float inv = 1.0f / (float)(*total);
  for (int i = grid.thread_rank(); i < n; i += grid.size()) out[i] = (float)in[i] * inv;
}

int main() {
  int dev = 0, supportsCoop = 0, numSMs = 0, blocksPerSM = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&supportsCoop, cudaDevAttrCooperativeLaunch, dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&numSMs, cudaDevAttrMultiProcessorCount, dev));
  printf("cooperative launch supported: %s\n", supportsCoop ? "ok" : "FAIL");
  if (!supportsCoop) return 1;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, normalizeKernel, THREADS, 0));
  int gridBlocks = numSMs * blocksPerSM;
  if (gridBlocks > 64) gridBlocks = 64;  // keep it small; the result does not depend on it
  printf("co-resident grid >= 1 block: %s\n", gridBlocks >= 1 ? "ok" : "FAIL");

  const int n = 1 << 18;
  std::vector<int> h(n);
  long long expectTotal = 0;
  for (int i = 0; i < n; ++i) {
    h[i] = i % 16;
    expectTotal += h[i];
  }
  int *d_in, *d_partials, *d_total;
  float* d_out;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_partials, gridBlocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_total, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  int nArg = n;
  void* args[] = {&d_in, &d_out, &nArg, &d_partials, &d_total};
  CUDA_CHECK(cudaLaunchCooperativeKernel((void*)normalizeKernel, dim3(gridBlocks), dim3(THREADS), args, 0, 0));
  CUDA_CHECK(cudaDeviceSynchronize());

  int total = 0;
  std::vector<float> out(n);
  CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = total == expectTotal;
  float inv = 1.0f / (float)expectTotal;
  for (int i = 0; i < n; ++i) ok = ok && out[i] == (float)h[i] * inv;
  printf("total = %d (expected %lld)\n", total, expectTotal);
  printf("out[15] * total = %.3f\n", out[15] * (float)total);
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_partials));
  CUDA_CHECK(cudaFree(d_total));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
