// In the style of university course code (a homework's dot product and histogram in double
// precision): a CUDA_CHECK(call) do { } while (0) macro, a cudaCheckError() after each launch,
// and the CUDA C Programming Guide's atomicAdd for double under __CUDA_ARCH__ < 600.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      fprintf(stderr, "CUDA error %s (%s) at %s:%d\n", cudaGetErrorName(err_),  \
              cudaGetErrorString(err_), __FILE__, __LINE__);                    \
      exit(EXIT_FAILURE);                                                       \
    }                                                                           \
  } while (0)

#define cudaCheckError()                                                        \
  {                                                                             \
    cudaError_t e = cudaGetLastError();                                         \
    if (e != cudaSuccess) {                                                     \
      printf("Cuda failure %s:%d: '%s'\n", __FILE__, __LINE__,                  \
             cudaGetErrorString(e));                                            \
      exit(0);                                                                  \
    }                                                                           \
  }

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double *address, double val) {
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed,
                    __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
#endif

__device__ double atomicMaxDouble(double *address, double val) {
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    if (__longlong_as_double(assumed) >= val) break;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val));
  } while (assumed != old);
  return __longlong_as_double(old);
}

const int THREADS_PER_BLOCK = 256;

__global__ void dot(const double *a, const double *b, double *result, double *maxAbs, int n) {
  __shared__ double cache[THREADS_PER_BLOCK];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  double temp = 0.0, m = 0.0;
  while (tid < n) {
    temp += a[tid] * b[tid];
    m = fmax(m, fabs(a[tid] * b[tid]));
    tid += blockDim.x * gridDim.x;
  }
  cache[threadIdx.x] = temp;
  __syncthreads();
  for (int i = blockDim.x / 2; i > 0; i >>= 1) {
    if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(result, cache[0]);
  atomicMaxDouble(maxAbs, m);
}

__global__ void histogramDouble(const double *x, unsigned int *bins, int nbins, double lo,
                                double hi, int n) {
  extern __shared__ unsigned int localBins[];
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) localBins[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int b = (int)((x[i] - lo) / (hi - lo) * nbins);
    b = min(max(b, 0), nbins - 1);
    atomicAdd(&localBins[b], 1u);
  }
  __syncthreads();
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) atomicAdd(&bins[i], localBins[i]);
}

int main(int argc, char *argv[]) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
  std::vector<double> h_a(n), h_b(n);
  for (int i = 0; i < n; ++i) {
    h_a[i] = 1.0 / (i + 1);
    h_b[i] = (double)(i % 7) - 3.0;
  }
  double *d_a, *d_b, *d_result, *d_max;
  unsigned int *d_bins;
  const int nbins = 64;
  CUDA_CHECK(cudaMalloc(&d_a, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_b, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_result, sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_max, sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_bins, nbins * sizeof(unsigned int)));
  CUDA_CHECK(cudaMemcpy(d_a, h_a.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_result, 0, sizeof(double)));
  CUDA_CHECK(cudaMemset(d_max, 0, sizeof(double)));
  CUDA_CHECK(cudaMemset(d_bins, 0, nbins * sizeof(unsigned int)));

  auto t0 = std::chrono::high_resolution_clock::now();
  int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  if (blocks > 1024) blocks = 1024;
  dot<<<blocks, THREADS_PER_BLOCK>>>(d_a, d_b, d_result, d_max, n);
  cudaCheckError();
  histogramDouble<<<blocks, THREADS_PER_BLOCK, nbins * sizeof(unsigned int)>>>(
      d_b, d_bins, nbins, -3.0, 4.0, n);
  cudaCheckError();
  CUDA_CHECK(cudaDeviceSynchronize());
  auto t1 = std::chrono::high_resolution_clock::now();

  double result = 0.0, maxAbs = 0.0;
  std::vector<unsigned int> bins(nbins);
  CUDA_CHECK(cudaMemcpy(&result, d_result, sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&maxAbs, d_max, sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(bins.data(), d_bins, nbins * sizeof(unsigned int),
                        cudaMemcpyDeviceToHost));
  double ref = 0.0;
  for (int i = 0; i < n; ++i) ref += h_a[i] * h_b[i];
  std::cout << "dot = " << result << " (host " << ref << "), max |a*b| = " << maxAbs
            << ", time " << std::chrono::duration<double, std::milli>(t1 - t0).count()
            << " ms" << std::endl;
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_result));
  CUDA_CHECK(cudaFree(d_max));
  CUDA_CHECK(cudaFree(d_bins));
  return 0;
}
