// corpus: runtime; cudaMemcpyToSymbol/FromSymbol on __constant__ and __device__ variables (with offsets)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(expr)                                                     \
  do {                                                                       \
    cudaError_t status_ = (expr);                                            \
    if (status_ != cudaSuccess) {                                            \
      fprintf(stderr, "%s failed: %s (%s:%d)\n", #expr,                      \
              cudaGetErrorString(status_), __FILE__, __LINE__);              \
      exit(EXIT_FAILURE);                                                    \
    }                                                                        \
  } while (false)

#define NCOEF 8

struct Params {
  float scale;
  int offset;
};

__constant__ float c_coef[NCOEF];
__constant__ Params c_params;
__device__ int d_counter;
__device__ float d_results[64];

__global__ void polyEval(int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  float x = (float)(i + c_params.offset) * c_params.scale;
  float acc = 0.0f;
  for (int k = NCOEF - 1; k >= 0; --k) acc = acc * x + c_coef[k];  // Horner
  d_results[i] = acc;
  atomicAdd(&d_counter, 1);
}

int main() {
  float coef[NCOEF] = {1, 0, 0, 0, 0, 0, 0, 0};
  CUDA_CHECK(cudaMemcpyToSymbol(c_coef, coef, sizeof(coef)));
  // overwrite coefficients 1 and 2 through an offset: p(x) = 1 + 2x + 3x^2
  float tail[2] = {2.0f, 3.0f};
  CUDA_CHECK(cudaMemcpyToSymbol(c_coef, tail, sizeof(tail), 1 * sizeof(float), cudaMemcpyHostToDevice));

  Params p = {0.5f, -8};
  CUDA_CHECK(cudaMemcpyToSymbol(c_params, &p, sizeof(Params)));
  int zero = 0;
  CUDA_CHECK(cudaMemcpyToSymbol(d_counter, &zero, sizeof(int)));

  const int n = 64;
  polyEval<<<1, n>>>(n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  float results[n];
  int counter = -1;
  CUDA_CHECK(cudaMemcpyFromSymbol(results, d_results, sizeof(results)));
  CUDA_CHECK(cudaMemcpyFromSymbol(&counter, d_counter, sizeof(int), 0, cudaMemcpyDeviceToHost));

  // read back a constant through its device address as well
  float* coefAddr = nullptr;
  size_t coefSize = 0;
  CUDA_CHECK(cudaGetSymbolAddress((void**)&coefAddr, c_coef));
  CUDA_CHECK(cudaGetSymbolSize(&coefSize, c_coef));
  float back[NCOEF];
  CUDA_CHECK(cudaMemcpy(back, coefAddr, coefSize, cudaMemcpyDeviceToHost));

  bool ok = counter == n && coefSize == sizeof(coef) && back[0] == 1.0f && back[1] == 2.0f &&
            back[2] == 3.0f && back[3] == 0.0f;
  double checksum = 0;
  for (int i = 0; i < n; ++i) {
    float x = (i - 8) * 0.5f;
    float expect = 1.0f + 2.0f * x + 3.0f * x * x;  // exact in float for these x
    if (results[i] != expect) ok = false;
    checksum += results[i];
  }
  printf("counter = %d\n", counter);
  printf("coef[0..3] = %.1f %.1f %.1f %.1f\n", back[0], back[1], back[2], back[3]);
  printf("p(-4) = %.2f, p(0) = %.2f, p(27.5) = %.2f\n", results[0], results[8], results[63]);
  printf("checksum = %.2f\n", checksum);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
