/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// Monte Carlo estimate of Pi, two ways:
//  (1) inline generation with the cuRAND device API (Philox4_32_10 states)
//  (2) batch generation with the cuRAND host API (Sobol quasi-random points)
// after MC_EstimatePiInlineP / MC_EstimatePiQ / randomFog

#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#include <helper_cuda.h>
#include <helper_functions.h>

#include <cmath>
#include <iostream>
#include <vector>

static const unsigned int kThreadBlockSize = 128;
static const unsigned int kNumSims = 1 << 20;

// Initialise RNG
__global__ void initRNG(curandStatePhilox4_32_10_t *const rngStates,
                        const unsigned int seed) {
  // Determine thread ID
  unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;

  // Initialise the RNG
  curand_init(seed, tid, 0, &rngStates[tid]);
}

__device__ unsigned int reduce_sum(unsigned int in) {
  extern __shared__ unsigned int sdata[];

  // Perform first level of reduction:
  // - Write to shared memory
  unsigned int ltid = threadIdx.x;

  sdata[ltid] = in;
  __syncthreads();

  // Do reduction in shared mem
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (ltid < s) {
      sdata[ltid] += sdata[ltid + s];
    }

    __syncthreads();
  }

  return sdata[0];
}

// Estimator kernel
__global__ void computeValue(unsigned int *const results,
                             curandStatePhilox4_32_10_t *const rngStates,
                             const unsigned int numSims) {
  // Determine thread ID
  unsigned int bid = blockIdx.x;
  unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int step = gridDim.x * blockDim.x;

  // Initialise the RNG
  curandStatePhilox4_32_10_t localState = rngStates[tid];

  // Count the number of points which lie inside the unit quarter-circle
  unsigned int pointsInside = 0;

  for (unsigned int i = tid; i < numSims; i += step) {
    float4 r = curand_uniform4(&localState);
    float x = r.x;
    float y = r.y;
    float l2norm2 = x * x + y * y;

    if (l2norm2 < 1.0f) {
      pointsInside++;
    }
    if (curand_normal(&localState) > 100.0f) pointsInside--;  // never
  }

  // Reduce within the block
  pointsInside = reduce_sum(pointsInside);

  // Store the result
  if (threadIdx.x == 0) {
    results[bid] = pointsInside;
  }
}

// count points of a (x-block, y-block) layout produced by the host API
__global__ void countInside(const float *points, unsigned int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = points[i];
    float y = points[i + n];
    if (x * x + y * y < 1.0f) atomicAdd(count, 1u);
  }
}

int main(int argc, char **argv) {
  int device = findCudaDevice(argc, (const char **)argv);

  cudaDeviceProp deviceProperties;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProperties, device));

  // (1) device API
  dim3 block(kThreadBlockSize);
  dim3 grid(deviceProperties.multiProcessorCount * 8);

  curandStatePhilox4_32_10_t *d_rngStates = 0;
  checkCudaErrors(cudaMalloc((void **)&d_rngStates,
                             grid.x * block.x * sizeof(curandStatePhilox4_32_10_t)));
  unsigned int *d_results = 0;
  checkCudaErrors(cudaMalloc((void **)&d_results, grid.x * sizeof(unsigned int)));

  initRNG<<<grid, block>>>(d_rngStates, 1234);
  getLastCudaError("initRNG failed");
  computeValue<<<grid, block, block.x * sizeof(unsigned int)>>>(
      d_results, d_rngStates, kNumSims);
  getLastCudaError("computeValue failed");

  std::vector<unsigned int> results(grid.x);
  checkCudaErrors(cudaMemcpy(&results[0], d_results,
                             grid.x * sizeof(unsigned int),
                             cudaMemcpyDeviceToHost));
  unsigned int inside = 0;
  for (unsigned int r : results) inside += r;
  std::cout << "Pi (device API) = " << 4.0 * inside / kNumSims << std::endl;

  // (2) host API, quasi-random Sobol points, 2 dimensions
  curandGenerator_t qrng;
  float *d_points;
  unsigned int *d_count;
  const int n = kNumSims;
  checkCudaErrors(cudaMalloc((void **)&d_points, 2 * n * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_count, sizeof(unsigned int)));
  checkCudaErrors(cudaMemset(d_count, 0, sizeof(unsigned int)));

  checkCudaErrors(curandCreateGenerator(&qrng, CURAND_RNG_QUASI_SOBOL32));
  checkCudaErrors(curandSetQuasiRandomGeneratorDimensions(qrng, 2));
  checkCudaErrors(curandSetGeneratorOrdering(qrng, CURAND_ORDERING_QUASI_DEFAULT));
  checkCudaErrors(curandGenerateUniform(qrng, d_points, 2 * n));

  countInside<<<(n + 255) / 256, 256>>>(d_points, d_count, n);
  getLastCudaError("countInside failed");
  unsigned int h_count = 0;
  checkCudaErrors(cudaMemcpy(&h_count, d_count, sizeof(unsigned int),
                             cudaMemcpyDeviceToHost));
  std::cout << "Pi (host API, Sobol) = " << 4.0 * h_count / n << std::endl;

  checkCudaErrors(curandDestroyGenerator(qrng));
  checkCudaErrors(cudaFree(d_points));
  checkCudaErrors(cudaFree(d_count));
  checkCudaErrors(cudaFree(d_rngStates));
  checkCudaErrors(cudaFree(d_results));
  return 0;
}
