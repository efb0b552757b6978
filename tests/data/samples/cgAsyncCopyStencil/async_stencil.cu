// In the style of the developer blog's "Controlling Data Movement to Boost
// Performance on the NVIDIA Ampere Architecture" and the Programming
// Guide's memcpy_async section: a 1D stencil whose input tiles (with halo)
// are staged in shared memory by cooperative_groups::memcpy_async, double
// buffered with wait_prior, against a plain-load version.
#include <cstdio>
#include <cstdlib>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

namespace cg = cooperative_groups;

#define RADIUS 4
#define BLOCK 256

__constant__ float c_weights[2 * RADIUS + 1];

__global__ void stencilPlain(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + RADIUS;
  if (i >= n - RADIUS) return;
  float acc = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; k++) acc += c_weights[k + RADIUS] * in[i + k];
  out[i] = acc;
}

// Each block walks tiles of BLOCK outputs; the next tile is copied while the
// current one is computed.
__global__ void stencilAsync(const float *in, float *out, int n, int tilesPerBlock) {
  __shared__ float stage[2][BLOCK + 2 * RADIUS];
  cg::thread_block block = cg::this_thread_block();
  const int first = blockIdx.x * tilesPerBlock;
  const int tileCount = (n - 2 * RADIUS) / BLOCK;

  if (first < tileCount)
    cg::memcpy_async(block, stage[0], in + first * BLOCK, sizeof(float) * (BLOCK + 2 * RADIUS));

  for (int t = 0; t < tilesPerBlock && first + t < tileCount; t++) {
    const int cur = t & 1;
    if (t + 1 < tilesPerBlock && first + t + 1 < tileCount) {
      cg::memcpy_async(block, stage[cur ^ 1], in + (first + t + 1) * BLOCK,
                       sizeof(float) * (BLOCK + 2 * RADIUS));
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    float acc = 0.0f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; k++)
      acc += c_weights[k + RADIUS] * stage[cur][block.thread_rank() + RADIUS + k];
    out[(first + t) * BLOCK + block.thread_rank() + RADIUS] = acc;
    block.sync();
  }
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int n = (1 << 22) + 2 * RADIUS;
  const int tilesPerBlock = 8;
  float h_w[2 * RADIUS + 1];
  for (int k = 0; k <= 2 * RADIUS; k++) h_w[k] = 1.0f / (2 * RADIUS + 1);
  checkCudaErrors(cudaMemcpyToSymbol(c_weights, h_w, sizeof(h_w)));

  float *h_in = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) h_in[i] = (float)(i % 17);
  float *d_in, *d_a, *d_b;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_a, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_b, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_a, 0, n * sizeof(float)));
  checkCudaErrors(cudaMemset(d_b, 0, n * sizeof(float)));

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  const int tiles = (n - 2 * RADIUS) / BLOCK;
  sdkStartTimer(&timer);
  stencilPlain<<<tiles, BLOCK>>>(d_in, d_a, n);
  getLastCudaError("stencilPlain failed");
  stencilAsync<<<(tiles + tilesPerBlock - 1) / tilesPerBlock, BLOCK>>>(d_in, d_b, n, tilesPerBlock);
  getLastCudaError("stencilAsync failed");
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);

  float *h_a = (float *)malloc(n * sizeof(float));
  float *h_b = (float *)malloc(n * sizeof(float));
  checkCudaErrors(cudaMemcpy(h_a, d_a, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(h_b, d_b, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) bad += fabsf(h_a[i] - h_b[i]) > 1e-5f;
  printf("%d mismatches, %.3f ms\n", bad, sdkGetTimerValue(&timer));

  sdkDeleteTimer(&timer);
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFree(d_b));
  free(h_in);
  free(h_a);
  free(h_b);
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
