// corpus: kernel; parallel reductions: templated shared-memory tree (block size as template arg), grid-stride + two-pass, float with tolerance
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
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

template <typename T, unsigned int blockSize>
__global__ void reduceKernel(const T* __restrict__ in, T* __restrict__ out, unsigned int n) {
  __shared__ T sdata[blockSize];
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  T sum = T(0);
  // grid-stride loop, two loads per iteration
  for (unsigned int i = blockIdx.x * blockSize * 2 + tid; i < n; i += gridSize) {
    sum += in[i];
    if (i + blockSize < n) sum += in[i + blockSize];
  }
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

template <typename T, unsigned int blockSize>
T reduceOnDevice(const T* d_in, unsigned int n, T* d_partial, unsigned int maxBlocks) {
  unsigned int blocks = (n + blockSize * 2 - 1) / (blockSize * 2);
  if (blocks > maxBlocks) blocks = maxBlocks;
  reduceKernel<T, blockSize><<<blocks, blockSize>>>(d_in, d_partial, n);
  CUDA_CHECK(cudaGetLastError());
  // second pass: one block reduces the partial sums
  reduceKernel<T, blockSize><<<1, blockSize>>>(d_partial, d_partial + maxBlocks, blocks);
  CUDA_CHECK(cudaGetLastError());
  T result;
  CUDA_CHECK(cudaMemcpy(&result, d_partial + maxBlocks, sizeof(T), cudaMemcpyDeviceToHost));
  return result;
}

int main() {
  const unsigned int n = (1u << 22) + 12345;
  const unsigned int maxBlocks = 256;
  bool ok = true;

  std::vector<long long> hl(n);
  long long expectL = 0;
  for (unsigned int i = 0; i < n; ++i) {
    hl[i] = (long long)(i % 1000) - 400;
    expectL += hl[i];
  }
  long long *dl, *dlp;
  CUDA_CHECK(cudaMalloc(&dl, n * sizeof(long long)));
  CUDA_CHECK(cudaMalloc(&dlp, (maxBlocks + 1) * sizeof(long long)));
  CUDA_CHECK(cudaMemcpy(dl, hl.data(), n * sizeof(long long), cudaMemcpyHostToDevice));
  long long gotL256 = reduceOnDevice<long long, 256>(dl, n, dlp, maxBlocks);
  long long gotL128 = reduceOnDevice<long long, 128>(dl, n, dlp, maxBlocks);
  printf("int64 sum = %lld (block 256), %lld (block 128), expected %lld\n", gotL256, gotL128, expectL);
  ok = ok && gotL256 == expectL && gotL128 == expectL;

  std::vector<float> hf(n);
  double expectF = 0;
  for (unsigned int i = 0; i < n; ++i) {
    hf[i] = 1.0f + sinf(0.001f * (float)(i % 6283));
    expectF += hf[i];
  }
  float *df, *dfp;
  CUDA_CHECK(cudaMalloc(&df, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dfp, (maxBlocks + 1) * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(df, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  float gotF = reduceOnDevice<float, 512>(df, n, dfp, maxBlocks);
  double relErr = fabs(gotF - expectF) / fabs(expectF);
  printf("float sum rel. error < 1e-4: %s\n", relErr < 1e-4 ? "ok" : "FAIL");
  printf("float sum (rounded) = %.0f\n", expectF);
  ok = ok && relErr < 1e-4;

  CUDA_CHECK(cudaFree(dl));
  CUDA_CHECK(cudaFree(dlp));
  CUDA_CHECK(cudaFree(df));
  CUDA_CHECK(cudaFree(dfp));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
