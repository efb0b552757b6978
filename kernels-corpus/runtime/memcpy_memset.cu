// corpus: runtime; cudaMemcpy/cudaMemset sync and cudaMemcpyAsync/cudaMemsetAsync on a stream, D2D copies
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char* file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    if (abort) exit(code);
  }
}

__global__ void addOne(unsigned char* p, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) p[i] = (unsigned char)(p[i] + 1);
}

int main() {
  const size_t n = 1 << 20;
  std::vector<unsigned char> host(n);
  unsigned char *a = nullptr, *b = nullptr;
  gpuErrchk(cudaMalloc(&a, n));
  gpuErrchk(cudaMalloc(&b, n));

  // synchronous memset + copy back
  gpuErrchk(cudaMemset(a, 0x2A, n));
  gpuErrchk(cudaMemcpy(host.data(), a, n, cudaMemcpyDeviceToHost));
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += host[i] != 0x2A;
  printf("memset sync: %s\n", bad == 0 ? "ok" : "FAIL");

  // device-to-device copy, then partial memset of the second half
  gpuErrchk(cudaMemcpy(b, a, n, cudaMemcpyDeviceToDevice));
  gpuErrchk(cudaMemset(b + n / 2, 0, n / 2));
  gpuErrchk(cudaMemcpy(host.data(), b, n, cudaMemcpyDeviceToHost));
  unsigned long long sum = 0;
  for (size_t i = 0; i < n; ++i) sum += host[i];
  printf("d2d + half memset checksum = %llu\n", sum);
  bool ok = bad == 0 && sum == 42ull * (n / 2);

  // asynchronous path on a non-default stream with pinned staging buffer
  cudaStream_t stream;
  gpuErrchk(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  unsigned char* pinned = nullptr;
  gpuErrchk(cudaMallocHost(&pinned, n));
  for (size_t i = 0; i < n; ++i) pinned[i] = (unsigned char)(i % 251);
  gpuErrchk(cudaMemcpyAsync(a, pinned, n, cudaMemcpyHostToDevice, stream));
  addOne<<<(unsigned)((n + 255) / 256), 256, 0, stream>>>(a, n);
  gpuErrchk(cudaGetLastError());
  gpuErrchk(cudaMemsetAsync(a, 0xFF, 16, stream));
  gpuErrchk(cudaMemcpyAsync(pinned, a, n, cudaMemcpyDeviceToHost, stream));
  gpuErrchk(cudaStreamSynchronize(stream));

  unsigned long long expect = 0, got = 0;
  for (size_t i = 0; i < n; ++i) {
    unsigned char e = i < 16 ? 0xFF : (unsigned char)(i % 251 + 1);
    expect += e;
    got += pinned[i];
  }
  printf("async checksum = %llu (expected %llu)\n", got, expect);
  ok = ok && got == expect;

  gpuErrchk(cudaFreeHost(pinned));
  gpuErrchk(cudaStreamDestroy(stream));
  gpuErrchk(cudaFree(a));
  gpuErrchk(cudaFree(b));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
