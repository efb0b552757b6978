// corpus: launch; kernels in (nested) namespaces ns::kern<<<>>>, ::global qualification, launches through function pointers and a class
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

__global__ void addGlobal(int* a, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += v;
}

namespace math {
__global__ void add(int* a, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += v;
}
namespace detail {
template <int M>
__global__ void mul(int* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= M;
}
}  // namespace detail
}  // namespace math

typedef void (*AddKernelFn)(int*, int, int);

class Accumulator {
 public:
  Accumulator(int* data, int n) : data_(data), n_(n) {}
  void add(int v, cudaStream_t stream) {
    math::add<<<(n_ + 127) / 128, 128, 0, stream>>>(data_, n_, v);
  }
 private:
  int* data_;
  int n_;
};

int main() {
  const int n = 777;
  int* a;
  CUDA_CHECK(cudaMalloc(&a, n * sizeof(int)));
  CUDA_CHECK(cudaMemset(a, 0, n * sizeof(int)));
  const int blocks = (n + 255) / 256;

  math::add<<<blocks, 256>>>(a, n, 1);                 // 1
  ::addGlobal<<<blocks, 256>>>(a, n, 2);               // 3
  math::detail::mul<3><<<blocks, 256>>>(a, n);         // 9
  {
    using namespace math;
    add<<<blocks, 256>>>(a, n, 1);                     // 10
  }
  AddKernelFn table[2] = {addGlobal, math::add};
  for (int t = 0; t < 2; ++t) table[t]<<<blocks, 256>>>(a, n, 5);  // 20
  void (*fp)(int*, int) = math::detail::mul<2>;
  fp<<<blocks, 256>>>(a, n);                           // 40
  CUDA_CHECK(cudaGetLastError());

  Accumulator acc(a, n);
  acc.add(-8, 0);                                      // 32
  CUDA_CHECK(cudaGetLastError());

  int* h = (int*)malloc(n * sizeof(int));
  CUDA_CHECK(cudaMemcpy(h, a, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    ok = ok && h[i] == 32;
    sum += h[i];
  }
  printf("a[0] = %d, sum = %lld\n", h[0], sum);
  CUDA_CHECK(cudaFree(a));
  free(h);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
