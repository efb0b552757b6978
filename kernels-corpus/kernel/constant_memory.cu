// corpus: kernel; __constant__ filter taps and lookup table for a 1D convolution with halo in shared memory
#include <cstdio>
#include <cstdlib>
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

#define RADIUS 3
#define KSIZE (2 * RADIUS + 1)
#define BLOCK 128

__constant__ int c_taps[KSIZE];
__constant__ int c_lut[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};  // popcount of a nibble

__global__ void conv1d(const int* in, int* out, int n) {
  __shared__ int s[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * BLOCK + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  s[l] = g < n ? in[g] : 0;
  if (threadIdx.x < RADIUS) {
    int left = g - RADIUS, right = g + BLOCK;
    s[l - RADIUS] = left >= 0 ? in[left] : 0;
    s[l + BLOCK] = right < n ? in[right] : 0;
  }
  __syncthreads();
  if (g >= n) return;
  int acc = 0;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) acc += c_taps[k + RADIUS] * s[l + k];
  out[g] = acc + c_lut[g & 15];
}

int main() {
  const int n = 3000;
  int taps[KSIZE] = {1, -2, 3, 10, 3, -2, 1};
  CUDA_CHECK(cudaMemcpyToSymbol(c_taps, taps, sizeof(taps)));

  std::vector<int> h(n), out(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 7) % 23 - 11;
  int *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  conv1d<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));

  static const int lut[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  bool ok = true;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    int acc = 0;
    for (int k = -RADIUS; k <= RADIUS; ++k) {
      int j = i + k;
      acc += taps[k + RADIUS] * ((j >= 0 && j < n) ? h[j] : 0);
    }
    acc += lut[i & 15];
    if (acc != out[i]) ok = false;
    sum += out[i];
  }
  printf("out[0..4] = %d %d %d %d %d\n", out[0], out[1], out[2], out[3], out[4]);
  printf("checksum = %lld\n", sum);
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
