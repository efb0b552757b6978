// corpus: kernel; built-in vector types float4/int2/uchar4/double2, make_* constructors and vectorized float4 loads
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

__host__ __device__ inline float4 operator+(float4 a, float4 b) {
  return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}
__host__ __device__ inline float dot(float4 a, float4 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}

// n4 = number of float4 elements; the float buffer is read through float4*
__global__ void vecKernel(const float* in, int n4, float4 bias, float* dots, int2* minmax,
                          uchar4* packed, double2* stats) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  float4 v = reinterpret_cast<const float4*>(in)[i];
  float4 w = v + bias;
  dots[i] = dot(w, make_float4(1.0f, -1.0f, 2.0f, 0.5f));
  int a = (int)v.x, b = (int)v.w;
  minmax[i] = make_int2(min(a, b), max(a, b));
  packed[i] = make_uchar4((unsigned char)v.x, (unsigned char)v.y, (unsigned char)v.z, (unsigned char)v.w);
  stats[i] = make_double2((double)v.x + v.y, (double)v.z * v.w);
}

int main() {
  const int n4 = 1000, n = 4 * n4;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = (float)((i * 11) % 50);
  float *d_in, *d_dots;
  int2* d_mm;
  uchar4* d_pk;
  double2* d_st;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));  // cudaMalloc is 256-byte aligned: float4 loads are safe
  CUDA_CHECK(cudaMalloc(&d_dots, n4 * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_mm, n4 * sizeof(int2)));
  CUDA_CHECK(cudaMalloc(&d_pk, n4 * sizeof(uchar4)));
  CUDA_CHECK(cudaMalloc(&d_st, n4 * sizeof(double2)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  float4 bias = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  vecKernel<<<(n4 + 127) / 128, 128>>>(d_in, n4, bias, d_dots, d_mm, d_pk, d_st);
  CUDA_CHECK(cudaGetLastError());

  std::vector<float> dots(n4);
  std::vector<int2> mm(n4);
  std::vector<uchar4> pk(n4);
  std::vector<double2> st(n4);
  CUDA_CHECK(cudaMemcpy(dots.data(), d_dots, n4 * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(mm.data(), d_mm, n4 * sizeof(int2), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(pk.data(), d_pk, n4 * sizeof(uchar4), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(st.data(), d_st, n4 * sizeof(double2), cudaMemcpyDeviceToHost));

  bool ok = sizeof(float4) == 16 && sizeof(int2) == 8 && sizeof(uchar4) == 4 && sizeof(double2) == 16;
  double dotSum = 0, stSum = 0;
  long long mmSum = 0, pkSum = 0;
  for (int i = 0; i < n4; ++i) {
    float4 v = make_float4(h[4 * i], h[4 * i + 1], h[4 * i + 2], h[4 * i + 3]);
    float e = dot(v + bias, make_float4(1.0f, -1.0f, 2.0f, 0.5f));
    ok = ok && dots[i] == e;
    int a = (int)v.x, b = (int)v.w;
    ok = ok && mm[i].x == (a < b ? a : b) && mm[i].y == (a < b ? b : a);
    ok = ok && pk[i].x == (unsigned char)v.x && pk[i].w == (unsigned char)v.w;
    ok = ok && st[i].x == (double)v.x + v.y && st[i].y == (double)v.z * v.w;
    dotSum += dots[i];
    mmSum += mm[i].x + mm[i].y;
    pkSum += pk[i].x + pk[i].y + pk[i].z + pk[i].w;
    stSum += st[i].x + st[i].y;
  }
  printf("dot sum = %.1f, minmax sum = %lld, packed sum = %lld, double2 sum = %.1f\n", dotSum, mmSum,
         pkSum, stSum);
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_dots));
  CUDA_CHECK(cudaFree(d_mm));
  CUDA_CHECK(cudaFree(d_pk));
  CUDA_CHECK(cudaFree(d_st));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
