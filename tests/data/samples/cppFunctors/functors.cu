// Templated kernels over functors and a __host__ __device__ class, as C++ CUDA code writes
// them: a transform kernel with __launch_bounds__ and __restrict__, a device-side assert,
// kernel printf from one thread, clock64() timing and a checkCudaErrors over every call.
#include <cassert>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include "vec3.cuh"

struct Saxpy {
  float a;
  __host__ __device__ explicit Saxpy(float a_) : a(a_) {}
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};

template <typename T>
struct Clamp {
  T lo, hi;
  __device__ T operator()(T v) const { return v < lo ? lo : (v > hi ? hi : v); }
};

template <typename T, typename Op, int ITEMS = 4>
__global__ void __launch_bounds__(256, 2)
    binaryTransform(const T *__restrict__ x, const T *__restrict__ y, T *__restrict__ out,
                    size_t n, Op op) {
  size_t base = (blockIdx.x * (size_t)blockDim.x + threadIdx.x) * ITEMS;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    size_t i = base + k;
    if (i < n) out[i] = op(x[i], y[i]);
  }
}

template <typename T, typename Op>
__global__ void unaryTransform(T *data, size_t n, Op op) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    data[i] = op(data[i]);
}

__global__ void normalize(vec3 *v, float *lengths, long long *cycles, int n) {
  long long start = clock64();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    vec3 u = unit_vector(v[i]);
    assert(fabsf(u.length() - 1.0f) < 1e-3f);
    lengths[i] = v[i].length();
    v[i] = u;
    v[i] += vec3::zero();
  }
  if (i == 0) {
    vec3 c = cross(vec3(1, 0, 0), vec3(0, 1, 0));
    printf("block %d thread %d: cross = (%f, %f, %f), dot = %f\n", blockIdx.x, threadIdx.x,
           c.x(), c.y(), c.z(), dot(c, c));
  }
  __syncthreads();
  if (threadIdx.x == 0) cycles[blockIdx.x] = clock64() - start;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const size_t n = 1 << 20;
  std::vector<float> hx(n, 1.0f), hy(n, 2.0f);
  float *dx, *dy, *dout;
  checkCudaErrors(cudaMalloc(&dx, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dy, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dout, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(dx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dy, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  const int threads = 256;
  const int blocks = (int)((n + threads * 4 - 1) / (threads * 4));
  binaryTransform<float, Saxpy><<<blocks, threads>>>(dx, dy, dout, n, Saxpy(2.0f));
  checkCudaErrors(cudaGetLastError());
  unaryTransform<<<128, threads>>>(dout, n, Clamp<float>{0.0f, 3.5f});
  checkCudaErrors(cudaPeekAtLastError());

  const int nv = 1000;
  std::vector<vec3> hv(nv);
  for (int i = 0; i < nv; ++i) hv[i] = vec3(i + 1.0f, 2.0f, -1.0f);
  vec3 *dv;
  float *dlen;
  long long *dcycles;
  int vblocks = (nv + threads - 1) / threads;
  checkCudaErrors(cudaMalloc(&dv, nv * sizeof(vec3)));
  checkCudaErrors(cudaMalloc(&dlen, nv * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dcycles, vblocks * sizeof(long long)));
  checkCudaErrors(cudaMemcpy(dv, hv.data(), nv * sizeof(vec3), cudaMemcpyHostToDevice));
  normalize<<<vblocks, threads>>>(dv, dlen, dcycles, nv);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());

  std::vector<float> out(n);
  std::vector<long long> cycles(vblocks);
  checkCudaErrors(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(hv.data(), dv, nv * sizeof(vec3), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(cycles.data(), dcycles, vblocks * sizeof(long long),
                             cudaMemcpyDeviceToHost));
  std::cout << "out[0] = " << out[0] << ", v[0] = " << hv[0] << ", cycles[0] = " << cycles[0]
            << std::endl;
  checkCudaErrors(cudaFree(dx));
  checkCudaErrors(cudaFree(dy));
  checkCudaErrors(cudaFree(dout));
  checkCudaErrors(cudaFree(dv));
  checkCudaErrors(cudaFree(dlen));
  checkCudaErrors(cudaFree(dcycles));
  return out[0] == 3.5f ? 0 : 1;
}
