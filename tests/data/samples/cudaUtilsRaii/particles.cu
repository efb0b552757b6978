#include "particles.h"
#include "vec_math.cuh"

namespace {

template <int BlockSize>
__global__ void integrate_kernel(float3 *__restrict__ pos, float3 *__restrict__ vel, std::size_t n,
                                 float dt, float damping) {
  for (std::size_t i = blockIdx.x * BlockSize + threadIdx.x; i < n; i += BlockSize * gridDim.x) {
    float3 v = vel[i];
    v.y -= 9.81f * dt;
    v = make_float3(v.x * damping, v.y * damping, v.z * damping);
    float3 p = cu::axpy3(dt, v, pos[i]);
    if (p.y < 0.f) {
      p.y = -p.y;
      v.y = -v.y;
    }
    p.x = cu::clampf(p.x, -1.f, 1.f);
    p.z = cu::clampf(p.z, -1.f, 1.f);
    pos[i] = p;
    vel[i] = v;
  }
}

template <int BlockSize>
__global__ void energy_kernel(const float3 *__restrict__ vel, std::size_t n, float *partials) {
  __shared__ float sdata[BlockSize];
  float sum = 0.f;
  for (std::size_t i = blockIdx.x * BlockSize + threadIdx.x; i < n; i += BlockSize * gridDim.x)
    sum += 0.5f * cu::dot3(vel[i], vel[i]);
  sdata[threadIdx.x] = sum;
  __syncthreads();
#pragma unroll
  for (int s = BlockSize / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) partials[blockIdx.x] = sdata[0];
}

constexpr int kBlock = 256;

}  // namespace

int suggested_block_size() {
  int min_grid = 0, block = 0;
  CUDA_CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, integrate_kernel<kBlock>, 0, 0));
  return block;
}

void integrate(Particles p, float dt, float damping, cudaStream_t stream) {
  const unsigned int grid = std::min(cu::div_up(p.n, kBlock), 32u * cu::sm_count());
  integrate_kernel<kBlock><<<grid, kBlock, 0, stream>>>(p.pos, p.vel, p.n, dt, damping);
  CUDA_CHECK_LAST();
}

float kinetic_energy(const Particles &p, cu::DeviceBuffer<float> &partials, cudaStream_t stream) {
  const unsigned int grid = static_cast<unsigned int>(partials.size());
  energy_kernel<kBlock><<<grid, kBlock, 0, stream>>>(p.vel, p.n, partials.data());
  CUDA_CHECK_LAST();
  CUDA_CHECK(cudaStreamSynchronize(stream));
  float total = 0.f;
  for (float v : partials.to_host()) total += v;
  return total;
}
