// corpus: kernel; templated kernels with functor arguments, traits, and explicit instantiations over int/float/double
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                      \
  do {                                                                        \
    cudaError_t err__ = (call);                                               \
    if (err__ != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error %s (%s:%d)\n", cudaGetErrorString(err__),   \
              __FILE__, __LINE__);                                            \
      exit(EXIT_FAILURE);                                                     \
    }                                                                         \
  } while (0)

namespace ops {
template <typename T>
struct Square {
  __host__ __device__ T operator()(const T& x) const { return x * x; }
};

template <typename T>
struct Affine {
  T a, b;
  __host__ __device__ Affine(T a_, T b_) : a(a_), b(b_) {}
  __host__ __device__ T operator()(const T& x) const { return a * x + b; }
};

struct Plus {
  template <typename T>
  __host__ __device__ T operator()(const T& x, const T& y) const { return x + y; }
};

struct Max {
  template <typename T>
  __host__ __device__ T operator()(const T& x, const T& y) const { return x > y ? x : y; }
};
}  // namespace ops

template <typename T> struct TypeName;
template <> struct TypeName<int> { static const char* get() { return "int"; } };
template <> struct TypeName<float> { static const char* get() { return "float"; } };
template <> struct TypeName<double> { static const char* get() { return "double"; } };

template <typename T, typename UnaryOp>
__global__ void transformKernel(const T* __restrict__ in, T* __restrict__ out, int n, UnaryOp op) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = op(in[i]);
}

template <typename T, typename BinaryOp>
__global__ void zipKernel(const T* a, const T* b, T* out, int n, BinaryOp op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(a[i], b[i]);
}

template <typename T>
static bool runFor(int n) {
  std::vector<T> h(n);
  for (int i = 0; i < n; ++i) h[i] = static_cast<T>(i % 13) - static_cast<T>(6);
  T *d_in, *d_sq, *d_af, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(T)));
  CUDA_CHECK(cudaMalloc(&d_sq, n * sizeof(T)));
  CUDA_CHECK(cudaMalloc(&d_af, n * sizeof(T)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));

  transformKernel<<<32, 128>>>(d_in, d_sq, n, ops::Square<T>());
  transformKernel<T, ops::Affine<T>><<<32, 128>>>(d_in, d_af, n, ops::Affine<T>(T(3), T(-1)));
  zipKernel<<<(n + 255) / 256, 256>>>(d_sq, d_af, d_out, n, ops::Plus());
  CUDA_CHECK(cudaGetLastError());
  std::vector<T> out(n);
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
  zipKernel<T, ops::Max><<<(n + 255) / 256, 256>>>(d_sq, d_af, d_out, n, ops::Max());
  CUDA_CHECK(cudaGetLastError());
  std::vector<T> mx(n);
  CUDA_CHECK(cudaMemcpy(mx.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));

  bool ok = true;
  double sum = 0, sumMax = 0;
  for (int i = 0; i < n; ++i) {
    T x = h[i];
    T e = x * x + (T(3) * x + T(-1));
    T m = (x * x > T(3) * x - T(1)) ? x * x : T(3) * x - T(1);
    if (out[i] != e || mx[i] != m) ok = false;
    sum += (double)out[i];
    sumMax += (double)mx[i];
  }
  printf("%-6s n=%d sum(x^2+3x-1)=%.1f sum(max)=%.1f %s\n", TypeName<T>::get(), n, sum, sumMax,
         ok ? "ok" : "FAIL");
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_sq));
  CUDA_CHECK(cudaFree(d_af));
  CUDA_CHECK(cudaFree(d_out));
  return ok;
}

int main() {
  bool ok = runFor<int>(5000);
  ok = runFor<float>(4097) && ok;
  ok = runFor<double>(3001) && ok;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
