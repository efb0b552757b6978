// A 2D Jacobi solver split by rows over the GPUs of one node, halos
// exchanged through peer copies each iteration, timed with std::chrono.
#include <chrono>
#include <cmath>
#include "comm.h"

__global__ void __launch_bounds__(256) jacobi(float *__restrict__ a_new, const float *__restrict__ a,
                                              float *__restrict__ l2, int iy_start, int iy_end, int nx) {
  int iy = blockIdx.y * blockDim.y + threadIdx.y + iy_start;
  int ix = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (iy < iy_end && ix < nx - 1) {
    float v = 0.25f * (__ldg(a + iy * nx + ix + 1) + __ldg(a + iy * nx + ix - 1) +
                       __ldg(a + (iy + 1) * nx + ix) + __ldg(a + (iy - 1) * nx + ix));
    a_new[iy * nx + ix] = v;
    float r = v - a[iy * nx + ix];
    atomicAdd(l2, r * r);
  }
}

int main(int argc, char **argv) {
  const int nx = 1024, ny = 1024, iters = argc > 1 ? atoi(argv[1]) : 100;
  Comm comm(8);
  const int rows = (ny + comm.size - 1) / comm.size;
  std::vector<float *> a(comm.size), a_new(comm.size), l2(comm.size);
  for (int r = 0; r < comm.size; ++r) {
    CUDA_RT_CALL(cudaSetDevice(r));
    CUDA_RT_CALL(cudaMalloc(&a[r], nx * (rows + 2) * sizeof(float)));
    CUDA_RT_CALL(cudaMalloc(&a_new[r], nx * (rows + 2) * sizeof(float)));
    CUDA_RT_CALL(cudaMallocManaged(&l2[r], sizeof(float)));
    CUDA_RT_CALL(cudaMemset(a[r], 0, nx * (rows + 2) * sizeof(float)));
    CUDA_RT_CALL(cudaMemset(a_new[r], 0, nx * (rows + 2) * sizeof(float)));
  }
  auto t0 = std::chrono::steady_clock::now();
  float norm = 1.0f;
  for (int it = 0; it < iters && norm > 1e-4f; ++it) {
    for (int r = 0; r < comm.size; ++r) {
      CUDA_RT_CALL(cudaSetDevice(r));
      *l2[r] = 0.0f;
      dim3 block(32, 8), grid((nx + 31) / 32, (rows + 7) / 8);
      jacobi<<<grid, block, 0, comm.streams[r]>>>(a_new[r], a[r], l2[r], 1, rows + 1, nx);
      CUDA_RT_CALL(cudaGetLastError());
    }
    comm.barrier();
    for (int r = 0; r < comm.size; ++r) {
      int top = r > 0 ? r - 1 : comm.size - 1, bottom = (r + 1) % comm.size;
      comm.sendrecv(a_new[top] + (rows + 1) * nx, top, a_new[r] + nx, r, nx);
      comm.sendrecv(a_new[bottom], bottom, a_new[r] + rows * nx, r, nx);
    }
    norm = 0.0f;
    for (int r = 0; r < comm.size; ++r) {
      CUDA_RT_CALL(cudaSetDevice(r));
      CUDA_RT_CALL(cudaStreamSynchronize(comm.streams[r]));
      norm += *l2[r];
      std::swap(a[r], a_new[r]);
    }
    norm = std::sqrt(norm);
  }
  auto t1 = std::chrono::steady_clock::now();
  printf("%d ranks, residual %g, %.2f ms\n", comm.size, norm,
         std::chrono::duration<double, std::milli>(t1 - t0).count());
  for (int r = 0; r < comm.size; ++r) {
    CUDA_RT_CALL(cudaSetDevice(r));
    CUDA_RT_CALL(cudaFree(a[r]));
    CUDA_RT_CALL(cudaFree(a_new[r]));
    CUDA_RT_CALL(cudaFree(l2[r]));
  }
  return 0;
}
