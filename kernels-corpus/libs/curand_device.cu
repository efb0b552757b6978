// corpus: libs; cuRAND device API: curand_init per thread, curand_uniform/curand_normal in kernels (Monte Carlo pi); statistics only
// corpus-link: -lcurand
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

__global__ void setupStates(curandState* states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);  // same seed, different subsequence per thread
}

__global__ void monteCarloPi(curandState* states, int samplesPerThread, unsigned long long* hits,
                             float* normalSum, float* normalSqSum) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  unsigned long long inside = 0;
  float ns = 0.0f, nss = 0.0f;
  for (int k = 0; k < samplesPerThread; ++k) {
    float x = curand_uniform(&local);
    float y = curand_uniform(&local);
    if (x * x + y * y <= 1.0f) ++inside;
    float g = curand_normal(&local);
    ns += g;
    nss += g * g;
  }
  states[id] = local;
  atomicAdd(hits, inside);
  atomicAdd(normalSum, ns);
  atomicAdd(normalSqSum, nss);
}

int main() {
  const int blocks = 64, threads = 128, total = blocks * threads, samples = 256;
  curandState* states;
  unsigned long long* hits;
  float *ns, *nss;
  CUDA_CHECK(cudaMalloc(&states, total * sizeof(curandState)));
  CUDA_CHECK(cudaMallocManaged(&hits, sizeof(unsigned long long)));
  CUDA_CHECK(cudaMallocManaged(&ns, sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&nss, sizeof(float)));
  *hits = 0;
  *ns = 0.0f;
  *nss = 0.0f;
  setupStates<<<blocks, threads>>>(states, 20240601ULL);
  CUDA_CHECK(cudaGetLastError());
  monteCarloPi<<<blocks, threads>>>(states, samples, hits, ns, nss);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  double count = (double)total * samples;
  double pi = 4.0 * (double)*hits / count;
  double mean = *ns / count, var = *nss / count - mean * mean;
  bool p = fabs(pi - 3.14159265) < 0.01;
  bool m = fabs(mean) < 0.01;
  bool v = fabs(var - 1.0) < 0.02;
  printf("pi estimate within 0.01: %s\n", p ? "ok" : "FAIL");
  printf("normal mean ~ 0: %s\n", m ? "ok" : "FAIL");
  printf("normal variance ~ 1: %s\n", v ? "ok" : "FAIL");
  CUDA_CHECK(cudaFree(states));
  CUDA_CHECK(cudaFree(hits));
  CUDA_CHECK(cudaFree(ns));
  CUDA_CHECK(cudaFree(nss));
  bool ok = p && m && v;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
