// corpus: launch; launches inside macros (__VA_ARGS__), template kernels k<T><<<>>>, multi-argument and nested template arguments
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);                                               \
    if (err != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err),  \
              __FILE__, __LINE__);                                          \
      exit(EXIT_FAILURE);                                                   \
    }                                                                       \
  } while (0)

#define THREADS 256
#define LAUNCH(k, n, ...) k<<<((n) + THREADS - 1) / THREADS, THREADS>>>(__VA_ARGS__)
#define LAUNCH_ON(k, grid, block, stream, ...)    \
  do {                                             \
    k<<<grid, block, 0, stream>>>(__VA_ARGS__);    \
    CUDA_CHECK(cudaGetLastError());                \
  } while (0)

template <typename T>
struct Pair {
  T first, second;
};

template <typename T>
__global__ void setKernel(T* out, int n, T value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}

template <typename T, int Factor>
__global__ void scaleKernel(T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = out[i] * Factor;
}

template <typename P>
__global__ void pairKernel(P* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i].first = i;
    out[i].second = 2 * i;
  }
}

int main() {
  const int n = 1000;
  float* f;
  int* k;
  Pair<int>* p;
  CUDA_CHECK(cudaMallocManaged(&f, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&k, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&p, n * sizeof(Pair<int>)));
  cudaStream_t s;
  CUDA_CHECK(cudaStreamCreate(&s));

  LAUNCH(setKernel<float>, n, f, n, 1.5f);
  LAUNCH(setKernel, n, k, n, 7);
  CUDA_CHECK(cudaGetLastError());
  scaleKernel<float, 4><<<(n + 127) / 128, 128>>>(f, n);
  scaleKernel<int, 3><<<dim3((n + 63) / 64), dim3(64)>>>(k, n);
  CUDA_CHECK(cudaGetLastError());
  LAUNCH_ON(pairKernel<Pair<int>>, (n + 255) / 256, 256, s, p, n);
  CUDA_CHECK(cudaStreamSynchronize(s));
  CUDA_CHECK(cudaDeviceSynchronize());

  bool ok = true;
  double fs = 0;
  long long ks = 0, ps = 0;
  for (int i = 0; i < n; ++i) {
    ok = ok && f[i] == 6.0f && k[i] == 21 && p[i].first == i && p[i].second == 2 * i;
    fs += f[i];
    ks += k[i];
    ps += p[i].first + p[i].second;
  }
  printf("float sum = %.1f, int sum = %lld, pair sum = %lld\n", fs, ks, ps);
  CUDA_CHECK(cudaStreamDestroy(s));
  CUDA_CHECK(cudaFree(f));
  CUDA_CHECK(cudaFree(k));
  CUDA_CHECK(cudaFree(p));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
