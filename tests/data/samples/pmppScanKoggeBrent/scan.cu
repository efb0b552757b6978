// Programming Massively Parallel Processors, chapter 11: Kogge-Stone and
// Brent-Kung inclusive scans of one section, and the three-kernel
// hierarchical scan over sections, with the book's SECTION_SIZE macro and
// a host-side checker.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define SECTION_SIZE 1024
#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    if (abort) exit(code);
  }
}

__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, float *S, unsigned int InputSize) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < InputSize ? X[i] : 0.0f;
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp = 0.0f;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  if (i < InputSize) Y[i] = XY[threadIdx.x];
  if (S != NULL && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[threadIdx.x];
}

__global__ void Brent_Kung_scan_kernel(float *X, float *Y, unsigned int InputSize) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
  if (i < InputSize) XY[threadIdx.x] = X[i];
  if (i + blockDim.x < InputSize) XY[threadIdx.x + blockDim.x] = X[i + blockDim.x];
  for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
    __syncthreads();
    unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
    if (index < SECTION_SIZE) XY[index] += XY[index - stride];
  }
  for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
    __syncthreads();
    unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
    if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
  }
  __syncthreads();
  if (i < InputSize) Y[i] = XY[threadIdx.x];
  if (i + blockDim.x < InputSize) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
}

__global__ void add_section_sums(float *Y, const float *S, unsigned int InputSize) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < InputSize) Y[i] += S[blockIdx.x - 1];
}

static void scan_cpu(const float *x, float *y, unsigned n) {
  float acc = 0.0f;
  for (unsigned i = 0; i < n; ++i) y[i] = acc += x[i];
}

int main() {
  const unsigned n = SECTION_SIZE * SECTION_SIZE / 4;
  const unsigned sections = (n + SECTION_SIZE - 1) / SECTION_SIZE;
  float *h_x = (float *)malloc(n * sizeof(float)), *h_y = (float *)malloc(n * sizeof(float));
  float *ref = (float *)malloc(n * sizeof(float));
  for (unsigned i = 0; i < n; ++i) h_x[i] = (float)(rand() % 4);
  scan_cpu(h_x, ref, n);

  float *d_x, *d_y, *d_s, *d_ss;
  gpuErrchk(cudaMalloc(&d_x, n * sizeof(float)));
  gpuErrchk(cudaMalloc(&d_y, n * sizeof(float)));
  gpuErrchk(cudaMalloc(&d_s, sections * sizeof(float)));
  gpuErrchk(cudaMalloc(&d_ss, sections * sizeof(float)));
  gpuErrchk(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));

  Kogge_Stone_scan_kernel<<<sections, SECTION_SIZE>>>(d_x, d_y, d_s, n);
  gpuErrchk(cudaPeekAtLastError());
  Brent_Kung_scan_kernel<<<1, SECTION_SIZE / 2>>>(d_s, d_ss, sections);
  gpuErrchk(cudaPeekAtLastError());
  add_section_sums<<<sections, SECTION_SIZE>>>(d_y, d_ss, n);
  gpuErrchk(cudaPeekAtLastError());
  gpuErrchk(cudaDeviceSynchronize());
  gpuErrchk(cudaMemcpy(h_y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost));

  unsigned bad = 0;
  for (unsigned i = 0; i < n; ++i)
    if (fabsf(h_y[i] - ref[i]) > 1e-3f * fabsf(ref[i]) + 1e-3f) ++bad;
  printf("%s (%u mismatches)\n", bad ? "FAIL" : "PASS", bad);
  gpuErrchk(cudaFree(d_x)); gpuErrchk(cudaFree(d_y));
  gpuErrchk(cudaFree(d_s)); gpuErrchk(cudaFree(d_ss));
  free(h_x); free(h_y); free(ref);
  return bad != 0;
}
