/*
 * This program uses the device CURAND API to calculate what
 * proportion of pseudo-random ints have low bit set.
 * It then generates uniform results to calculate how many
 * are greater than .5, and normal results with the host API
 * (the cuRAND guide's device API example, with the samples' helpers).
 */
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <helper_cuda.h>

#define CURAND_CALL(x)                                \
  do {                                                \
    if ((x) != CURAND_STATUS_SUCCESS) {               \
      printf("Error at %s:%d\n", __FILE__, __LINE__); \
      return EXIT_FAILURE;                            \
    }                                                 \
  } while (0)

__global__ void setup_kernel(curandState *state) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  /* Each thread gets same seed, a different sequence
     number, no offset */
  curand_init(1234, id, 0, &state[id]);
}

__global__ void setup_kernel(curandStatePhilox4_32_10_t *state) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curand_init(1234, id, 0, &state[id]);
}

__global__ void setup_kernel(curandStateMRG32k3a *state) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curand_init(0, id, 0, &state[id]);
}

__global__ void generate_kernel(curandState *state, int n,
                                unsigned int *result) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  int count = 0;
  unsigned int x;
  /* Copy state to local memory for efficiency */
  curandState localState = state[id];
  /* Generate pseudo-random unsigned ints */
  for (int i = 0; i < n; i++) {
    x = curand(&localState);
    /* Check if low bit set */
    if (x & 1) {
      count++;
    }
  }
  /* Copy state back to global memory */
  state[id] = localState;
  /* Store results */
  result[id] += count;
}

__global__ void generate_uniform_kernel(curandStatePhilox4_32_10_t *state,
                                        int n, unsigned int *result) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned int count = 0;
  curandStatePhilox4_32_10_t localState = state[id];
  for (int i = 0; i < n / 4; i++) {
    float4 x = curand_uniform4(&localState);
    if (x.x > .5) count++;
    if (x.y > .5) count++;
    if (x.z > .5) count++;
    if (x.w > .5) count++;
  }
  state[id] = localState;
  result[id] += count;
}

__global__ void generate_normal_kernel(curandStateMRG32k3a *state, int n,
                                       unsigned int *result) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned int count = 0;
  double2 x;
  curandStateMRG32k3a localState = state[id];
  for (int i = 0; i < n / 2; i++) {
    x = curand_normal2_double(&localState);
    if ((x.x > -1.0) && (x.x < 1.0)) count++;
    if ((x.y > -1.0) && (x.y < 1.0)) count++;
  }
  skipahead_sequence(1, &localState);
  state[id] = localState;
  result[id] += count;
}

__global__ void generate_poisson_kernel(curandState *state, int n,
                                        double lambda, unsigned int *result) {
  int id = threadIdx.x + blockIdx.x * blockDim.x;
  curandState localState = state[id];
  unsigned int sum = 0;
  for (int i = 0; i < n; i++) sum += curand_poisson(&localState, lambda);
  float ln = curand_log_normal(&localState, 0.0f, 1.0f);
  state[id] = localState;
  result[id] = sum + (ln > 1.0f);
}

int main(int argc, char *argv[]) {
  const unsigned int threadsPerBlock = 64;
  const unsigned int blockCount = 64;
  const unsigned int totalThreads = threadsPerBlock * blockCount;

  unsigned int i;
  unsigned int total;
  curandState *devStates;
  curandStateMRG32k3a *devMRGStates;
  curandStatePhilox4_32_10_t *devPHILOXStates;
  unsigned int *devResults, *hostResults;
  int sampleCount = 10000;

  int device = findCudaDevice(argc, (const char **)argv);
  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, device));

  /* Allocate space for results on host */
  hostResults = (unsigned int *)calloc(totalThreads, sizeof(int));

  /* Allocate space for results on device */
  checkCudaErrors(cudaMalloc((void **)&devResults, totalThreads * sizeof(unsigned int)));

  /* Set results to 0 */
  checkCudaErrors(cudaMemset(devResults, 0, totalThreads * sizeof(unsigned int)));

  /* Allocate space for prng states on device */
  checkCudaErrors(cudaMalloc((void **)&devStates, totalThreads * sizeof(curandState)));
  checkCudaErrors(cudaMalloc((void **)&devPHILOXStates,
                             totalThreads * sizeof(curandStatePhilox4_32_10_t)));
  checkCudaErrors(cudaMalloc((void **)&devMRGStates,
                             totalThreads * sizeof(curandStateMRG32k3a)));

  setup_kernel<<<blockCount, threadsPerBlock>>>(devStates);
  setup_kernel<<<blockCount, threadsPerBlock>>>(devPHILOXStates);
  setup_kernel<<<blockCount, threadsPerBlock>>>(devMRGStates);

  for (i = 0; i < 50; i++) {
    generate_kernel<<<blockCount, threadsPerBlock>>>(devStates, sampleCount,
                                                     devResults);
  }
  checkCudaErrors(cudaMemcpy(hostResults, devResults,
                             totalThreads * sizeof(unsigned int),
                             cudaMemcpyDeviceToHost));
  total = 0;
  for (i = 0; i < totalThreads; i++) total += hostResults[i];
  printf("Fraction with low bit set was %10.13f\n",
         (float)total / (totalThreads * sampleCount * 50.0f));

  checkCudaErrors(cudaMemset(devResults, 0, totalThreads * sizeof(unsigned int)));
  generate_uniform_kernel<<<blockCount, threadsPerBlock>>>(
      devPHILOXStates, sampleCount, devResults);
  generate_normal_kernel<<<blockCount, threadsPerBlock>>>(
      devMRGStates, sampleCount, devResults);
  generate_poisson_kernel<<<blockCount, threadsPerBlock>>>(
      devStates, sampleCount, 4.0, devResults);
  getLastCudaError("generate kernels failed");

  /* Host API: normal floats into device memory */
  curandGenerator_t gen;
  float *devData;
  size_t n = 1 << 20;
  checkCudaErrors(cudaMalloc((void **)&devData, n * sizeof(float)));
  CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
  CURAND_CALL(curandSetGeneratorOffset(gen, 0ULL));
  CURAND_CALL(curandGenerateNormal(gen, devData, n, 0.0f, 1.0f));
  CURAND_CALL(curandGenerateUniform(gen, devData, n));
  checkCudaErrors(curandDestroyGenerator(gen));

  /* Host generator on the CPU */
  curandGenerator_t hostGen;
  float *hostData = (float *)malloc(n * sizeof(float));
  checkCudaErrors(curandCreateGeneratorHost(&hostGen, CURAND_RNG_PSEUDO_DEFAULT));
  checkCudaErrors(curandSetPseudoRandomGeneratorSeed(hostGen, 42ULL));
  checkCudaErrors(curandGenerateUniform(hostGen, hostData, n));
  checkCudaErrors(curandDestroyGenerator(hostGen));

  /* Cleanup */
  checkCudaErrors(cudaFree(devStates));
  checkCudaErrors(cudaFree(devPHILOXStates));
  checkCudaErrors(cudaFree(devMRGStates));
  checkCudaErrors(cudaFree(devResults));
  checkCudaErrors(cudaFree(devData));
  free(hostResults);
  free(hostData);
  printf("^^^^ kernel_example PASSED\n");
  return EXIT_SUCCESS;
}
