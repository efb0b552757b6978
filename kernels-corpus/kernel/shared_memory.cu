// corpus: kernel; static __shared__ tiles, dynamic extern __shared__ (templated SharedMemory<T> helper), several arrays in one dynamic buffer
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
template <typename T>
void check(T result, char const* const func, const char* const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d \"%s\"\n", file, line, static_cast<unsigned int>(result), func);
    exit(EXIT_FAILURE);
  }
}

// Pattern from the CUDA samples: typed view of the dynamic shared buffer.
template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
  __device__ inline operator const T*() const {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};

#define TILE 128

// 1. static shared memory: reverse each block-sized tile
__global__ void reverseStatic(const int* in, int* out) {
  __shared__ int tile[TILE];
  int base = blockIdx.x * TILE;
  tile[threadIdx.x] = in[base + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.x] = tile[TILE - 1 - threadIdx.x];
}

// 2. dynamic shared memory through the templated helper
template <typename T>
__global__ void reverseDynamic(const T* in, T* out) {
  T* tile = SharedMemory<T>();
  int base = blockIdx.x * blockDim.x;
  tile[threadIdx.x] = in[base + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

// 3. two arrays carved out of one extern buffer: ints then floats
__global__ void splitBuffer(const int* in, float* out, int n) {
  extern __shared__ unsigned char raw[];
  int* counts = reinterpret_cast<int*>(raw);
  float* scaled = reinterpret_cast<float*>(raw + blockDim.x * sizeof(int));
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  counts[threadIdx.x] = i < n ? in[i] : 0;
  scaled[threadIdx.x] = 0.5f * (float)counts[threadIdx.x];
  __syncthreads();
  // neighbour sum from both arrays (wraps inside the block)
  unsigned j = (threadIdx.x + 1) % blockDim.x;
  if (i < n) out[i] = (float)counts[j] + scaled[threadIdx.x];
}

int main() {
  const int blocks = 8, n = blocks * TILE;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = i;
  int *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  std::vector<int> r1(n), r2(n);
  reverseStatic<<<blocks, TILE>>>(d_in, d_out);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(r1.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  reverseDynamic<int><<<blocks, TILE, TILE * sizeof(int)>>>(d_in, d_out);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(r2.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));

  bool ok = true;
  for (int i = 0; i < n; ++i) {
    int b = i / TILE, t = i % TILE;
    int e = b * TILE + (TILE - 1 - t);
    if (r1[i] != e || r2[i] != e) ok = false;
  }
  printf("static reverse / dynamic reverse: %s\n", ok ? "ok" : "FAIL");

  const int m = 1000, threads = 64;
  float* d_f;
  checkCudaErrors(cudaMalloc(&d_f, m * sizeof(float)));
  size_t shmem = threads * (sizeof(int) + sizeof(float));
  splitBuffer<<<(m + threads - 1) / threads, threads, shmem>>>(d_in, d_f, m);
  checkCudaErrors(cudaGetLastError());
  std::vector<float> f(m);
  checkCudaErrors(cudaMemcpy(f.data(), d_f, m * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  bool ok2 = true;
  for (int i = 0; i < m; ++i) {
    int blockStart = (i / threads) * threads;
    int j = blockStart + ((i - blockStart) + 1) % threads;
    float e = (float)(j < m ? j : 0) + 0.5f * (float)i;
    if (f[i] != e) ok2 = false;
    sum += f[i];
  }
  printf("split dynamic buffer sum = %.1f %s\n", sum, ok2 ? "ok" : "FAIL");

  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_f));
  ok = ok && ok2;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
