#pragma once

#include <cstddef>

#include "cuda_utils.cuh"

struct Particles {
  float3 *pos;
  float3 *vel;
  std::size_t n;
};

// Defined in particles.cu; called from main.cpp.
void integrate(Particles p, float dt, float damping, cudaStream_t stream);
float kinetic_energy(const Particles &p, cu::DeviceBuffer<float> &partials, cudaStream_t stream);
int suggested_block_size();
