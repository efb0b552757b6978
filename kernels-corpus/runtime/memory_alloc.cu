// corpus: runtime; device, pinned (cudaMallocHost/cudaHostAlloc mapped) and managed allocations
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

inline void checkCuda(cudaError_t result, const char* file, int line) {
  if (result != cudaSuccess) {
    fprintf(stderr, "%s:%d: CUDA Runtime Error: %s\n", file, line, cudaGetErrorString(result));
    exit(1);
  }
}
#define CHECK(x) checkCuda((x), __FILE__, __LINE__)

__global__ void fill(int* p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + i;
}

__global__ void scale(float* p, int n, float s) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    p[i] *= s;
}

static long long sumInts(const int* p, int n) {
  long long s = 0;
  for (int i = 0; i < n; ++i) s += p[i];
  return s;
}

int main() {
  const int n = 10000;
  bool ok = true;

  // 1. plain device memory + pageable host memory
  int* d = nullptr;
  CHECK(cudaMalloc((void**)&d, n * sizeof(int)));
  fill<<<(n + 255) / 256, 256>>>(d, n, 1);
  CHECK(cudaGetLastError());
  int* h = (int*)malloc(n * sizeof(int));
  CHECK(cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost));
  long long s1 = sumInts(h, n);
  printf("device+pageable sum = %lld\n", s1);
  ok = ok && s1 == (long long)n * (n + 1) / 2;

  // 2. pinned host memory (cudaMallocHost)
  int* pinned = nullptr;
  CHECK(cudaMallocHost((void**)&pinned, n * sizeof(int)));
  fill<<<(n + 127) / 128, 128>>>(d, n, 100);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(pinned, d, n * sizeof(int), cudaMemcpyDeviceToHost));
  long long s2 = sumInts(pinned, n);
  printf("device+pinned sum = %lld\n", s2);
  ok = ok && s2 == (long long)n * (n - 1) / 2 + 100LL * n;

  // 3. mapped pinned memory (cudaHostAlloc + cudaHostGetDevicePointer): zero-copy
  int* mapped = nullptr;
  int* mappedDev = nullptr;
  CHECK(cudaHostAlloc((void**)&mapped, n * sizeof(int), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer((void**)&mappedDev, mapped, 0));
  fill<<<(n + 255) / 256, 256>>>(mappedDev, n, -5);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  long long s3 = sumInts(mapped, n);
  printf("mapped sum = %lld\n", s3);
  ok = ok && s3 == (long long)n * (n - 1) / 2 - 5LL * n;

  // 4. managed memory, touched on host then device then host
  float* m = nullptr;
  CHECK(cudaMallocManaged(&m, n * sizeof(float)));
  for (int i = 0; i < n; ++i) m[i] = 0.5f;
  scale<<<32, 128>>>(m, n, 4.0f);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double s4 = 0;
  for (int i = 0; i < n; ++i) s4 += m[i];
  printf("managed sum = %.1f\n", s4);
  ok = ok && s4 == 2.0 * n;

  CHECK(cudaFree(m));
  CHECK(cudaFreeHost(mapped));
  CHECK(cudaFreeHost(pinned));
  CHECK(cudaFree(d));
  free(h);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
