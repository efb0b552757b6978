// Launch shapes computed once into a struct of uint3 and dim3 members and
// reused for several kernels: dim3 built from uint3 members, dims assigned
// after their declaration, and the block shape read back as a uint3.
#include <cstdio>
#include <cstdlib>
#include "launch_config.h"

__global__ void jacobiStep(const float *u, float *v, int nx, int ny) {
  extern __shared__ float tile[];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  tile[t] = (x < nx && y < ny) ? u[y * nx + x] : 0.0f;
  __syncthreads();
  if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1)
    v[y * nx + x] = 0.25f * (u[y * nx + x - 1] + u[y * nx + x + 1] + u[(y - 1) * nx + x] + u[(y + 1) * nx + x]) + 0.0f * tile[t];
}

__global__ void residual(const float *u, const float *v, float *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(r, fabsf(u[i] - v[i]));
}

static LaunchConfig makeConfig(int nx, int ny, cudaStream_t s) {
  LaunchConfig cfg;
  cfg.blockShape = make_uint3(16, 16, 1);
  cfg.gridShape = make_uint3((nx + 15) / 16, (ny + 15) / 16, 1);
  cfg.grid = cfg.gridShape;
  cfg.block = cfg.blockShape;
  cfg.sharedBytes = 16 * 16 * sizeof(float);
  cfg.stream = s;
  return cfg;
}

int main() {
  const int nx = 512, ny = 512, n = nx * ny;
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  LaunchConfig cfg = makeConfig(nx, ny, stream);
  LaunchConfig *pcfg = &cfg;

  float *u, *v, *r;
  CUDA_CHECK(cudaMalloc(&u, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&v, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&r, sizeof(float)));
  CUDA_CHECK(cudaMemsetAsync(u, 0, n * sizeof(float), stream));
  CUDA_CHECK(cudaMemsetAsync(v, 0, n * sizeof(float), stream));

  dim3 grid(pcfg->gridShape), block(cfg.blockShape);
  for (int it = 0; it < 10; ++it) {
    jacobiStep<<<grid, block, cfg.sharedBytes, cfg.stream>>>(u, v, nx, ny);
    jacobiStep<<<cfg.grid, cfg.block, cfg.sharedBytes, cfg.stream>>>(v, u, nx, ny);
  }
  dim3 flat;
  flat = make_uint3((n + 255) / 256, 1, 1);
  uint3 back = cfg.block;
  CUDA_CHECK(cudaMemsetAsync(r, 0, sizeof(float), stream));
  residual<<<flat, 256, 0, stream>>>(u, v, r, n);
  CUDA_CHECK(cudaGetLastError());
  float h_r = 0.0f;
  CUDA_CHECK(cudaMemcpyAsync(&h_r, r, sizeof(float), cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  printf("residual %f with %u x %u blocks of %u threads\n", h_r, grid.x, grid.y, back.x * back.y);

  CUDA_CHECK(cudaFree(u));
  CUDA_CHECK(cudaFree(v));
  CUDA_CHECK(cudaFree(r));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
