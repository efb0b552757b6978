// corpus: runtime; 2D pitched memory: cudaMallocPitch, cudaMemcpy2D, cudaMemset2D, pitch-aware kernel
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

static void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess) {
    fprintf(stderr, "error: %s: %s\n", what, cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}

__global__ void transformRows(float* img, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    float* row = (float*)((char*)img + y * pitch);
    row[x] = row[x] * 2.0f + (float)y;
  }
}

int main() {
  const int width = 100, height = 37;
  const size_t rowBytes = width * sizeof(float);
  float* h = (float*)malloc(rowBytes * height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) h[y * width + x] = (float)(x % 7);

  float* d = nullptr;
  size_t pitch = 0;
  check(cudaMallocPitch((void**)&d, &pitch, rowBytes, height), "cudaMallocPitch");
  printf("pitch>=row bytes: %s\n", pitch >= rowBytes ? "ok" : "FAIL");

  check(cudaMemset2D(d, pitch, 0, pitch, height), "cudaMemset2D");
  check(cudaMemcpy2D(d, pitch, h, rowBytes, rowBytes, height, cudaMemcpyHostToDevice), "H2D 2D");

  dim3 block(16, 16);
  dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
  transformRows<<<grid, block>>>(d, pitch, width, height);
  check(cudaGetLastError(), "launch");

  // copy back only a 10-column window starting at column 5
  const int wx = 5, ww = 10;
  float* win = (float*)malloc(ww * sizeof(float) * height);
  check(cudaMemcpy2D(win, ww * sizeof(float), (char*)d + wx * sizeof(float), pitch,
                     ww * sizeof(float), height, cudaMemcpyDeviceToHost), "D2H window");
  check(cudaMemcpy2D(h, rowBytes, d, pitch, rowBytes, height, cudaMemcpyDeviceToHost), "D2H 2D");

  bool ok = pitch >= rowBytes;
  double sum = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      float e = (float)(x % 7) * 2.0f + (float)y;
      if (h[y * width + x] != e) ok = false;
      if (x >= wx && x < wx + ww && win[y * ww + (x - wx)] != e) ok = false;
      sum += h[y * width + x];
    }
  printf("sum = %.1f\n", sum);
  printf("window[3][2] = %.1f\n", win[3 * ww + 2]);
  check(cudaFree(d), "cudaFree");
  free(h);
  free(win);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
