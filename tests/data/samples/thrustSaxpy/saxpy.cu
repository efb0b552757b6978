// SAXPY and a norm with Thrust, as the CUDA C++ tutorials and the Thrust
// quick-start guide write them: device_vector, transform with a functor and
// with placeholders, reduce and transform_reduce, raw_pointer_cast to pass a
// vector to a hand-written kernel.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <cmath>
#include <cstdio>

struct saxpy_functor {
  const float a;
  saxpy_functor(float _a) : a(_a) {}
  __host__ __device__ float operator()(const float &x, const float &y) const {
    return a * x + y;
  }
};

template <typename T>
struct square {
  __host__ __device__ T operator()(const T &x) const { return x * x; }
};

__global__ void scale(float *v, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= s;
}

void saxpy_fast(float A, thrust::device_vector<float> &X, thrust::device_vector<float> &Y) {
  // Y <- A * X + Y
  thrust::transform(X.begin(), X.end(), Y.begin(), Y.begin(), saxpy_functor(A));
}

void saxpy_placeholders(float A, thrust::device_vector<float> &X, thrust::device_vector<float> &Y) {
  using namespace thrust::placeholders;
  thrust::transform(X.begin(), X.end(), Y.begin(), Y.begin(), A * _1 + _2);
}

int main() {
  const int N = 1 << 20;
  thrust::device_vector<float> X(N), Y(N, 1.0f);
  thrust::sequence(X.begin(), X.end());
  saxpy_fast(2.0f, X, Y);
  saxpy_placeholders(0.5f, X, Y);

  float sum = thrust::reduce(Y.begin(), Y.end(), 0.0f, thrust::plus<float>());
  float norm = std::sqrt(thrust::transform_reduce(Y.begin(), Y.end(), square<float>(), 0.0f,
                                                  thrust::plus<float>()));

  float *raw = thrust::raw_pointer_cast(Y.data());
  scale<<<(N + 255) / 256, 256>>>(raw, 0.25f, N);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  thrust::host_vector<float> h = Y;
  printf("sum %g norm %g first %g\n", sum, norm, h[0]);
  return 0;
}
