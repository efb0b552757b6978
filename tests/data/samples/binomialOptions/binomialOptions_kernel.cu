// After NVIDIA's binomialOptions sample: one block per option walks the
// binomial tree back from expiry in shared memory.

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#include <helper_cuda.h>
#include "binomialOptions_common.h"

#define CACHE_DELTA 32
#define CACHE_SIZE 256
#define CACHE_STEP (CACHE_SIZE - CACHE_DELTA)

#if NUM_STEPS % CACHE_DELTA
#error Bad constants
#endif

// Preprocessed input option data
static __constant__ __TOptionData d_OptionData[MAX_OPTIONS];
static __device__ real d_CallValue[MAX_OPTIONS];

#ifndef DOUBLE_PRECISION
__device__ inline float expiryCallValue(float S, float X, float vDt, int i) {
  float d = S * __expf(vDt * (2.0f * i - NUM_STEPS)) - X;
  return (d > 0.0F) ? d : 0.0F;
}
#else
__device__ inline double expiryCallValue(double S, double X, double vDt, int i) {
  double d = S * exp(vDt * (2.0 * i - NUM_STEPS)) - X;
  return (d > 0.0) ? d : 0.0;
}
#endif

__global__ void binomialOptionsKernel() {
  // Handle to thread block group
  cg::thread_block cta = cg::this_thread_block();
  __shared__ real call_exchange[CACHE_SIZE + 1];

  const int tid = threadIdx.x;
  const real S = d_OptionData[blockIdx.x].S;
  const real X = d_OptionData[blockIdx.x].X;
  const real vDt = d_OptionData[blockIdx.x].vDt;
  const real puByDf = d_OptionData[blockIdx.x].puByDf;
  const real pdByDf = d_OptionData[blockIdx.x].pdByDf;

  real call[CACHE_DELTA + 1];

  // Compute values at expiry date
  for (int i = tid; i <= NUM_STEPS; i += CACHE_SIZE) {
    call_exchange[i % CACHE_SIZE] = expiryCallValue(S, X, vDt, i);
  }

  // Walk down binomial tree
  for (int i = NUM_STEPS; i > 0; i -= CACHE_DELTA) {
    cg::sync(cta);
    for (int j = 0; j <= CACHE_DELTA; j++) call[j] = call_exchange[(tid + j) % (CACHE_SIZE + 1)];
    for (int j = 0; j < CACHE_DELTA; j++) call[j] = puByDf * call[j + 1] + pdByDf * call[j];
    cg::sync(cta);
    if (tid < CACHE_SIZE) call_exchange[tid] = call[0];
  }

  cg::sync(cta);
  if (tid == 0) d_CallValue[blockIdx.x] = call_exchange[0];
}

// Host-side interface to GPU binomialOptions
extern "C" void binomialOptionsGPU(real *callValue, TOptionData *optionData, int optN) {
  __TOptionData h_OptionData[MAX_OPTIONS];

  for (int i = 0; i < optN; i++) {
    const real T = optionData[i].T;
    const real R = optionData[i].R;
    const real V = optionData[i].V;

    const real dt = T / (real)NUM_STEPS;
    const real vDt = V * sqrt(dt);
    const real rDt = R * dt;
    // Per-step interest and discount factors
    const real If = exp(rDt);
    const real Df = exp(-rDt);
    // Values and pseudoprobabilities of upward and downward moves
    const real u = exp(vDt);
    const real d = exp(-vDt);
    const real pu = (If - d) / (u - d);
    const real pd = (real)1.0 - pu;
    const real puByDf = pu * Df;
    const real pdByDf = pd * Df;

    h_OptionData[i].S = (real)optionData[i].S;
    h_OptionData[i].X = (real)optionData[i].X;
    h_OptionData[i].vDt = (real)vDt;
    h_OptionData[i].puByDf = (real)puByDf;
    h_OptionData[i].pdByDf = (real)pdByDf;
  }

  checkCudaErrors(cudaMemcpyToSymbol(d_OptionData, h_OptionData, optN * sizeof(__TOptionData)));
  binomialOptionsKernel<<<optN, CACHE_SIZE>>>();
  getLastCudaError("binomialOptionsKernel() execution failed.\n");
  checkCudaErrors(cudaMemcpyFromSymbol(callValue, d_CallValue, optN * sizeof(real)));
}
