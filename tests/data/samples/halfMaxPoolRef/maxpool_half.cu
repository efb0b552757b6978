// A half-precision max-pool and ReLU with a CPU reference computed in
// __half, as mixed-precision tutorials check their kernels: the host calls
// __hmax/__hmin, compares raw bits with __half_as_ushort and declares its
// accumulators two to a line.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                        \
  do {                                                                          \
    cudaError_t status_ = (call);                                               \
    if (status_ != cudaSuccess) {                                               \
      fprintf(stderr, "CUDA error (%s:%d): %s\n", __FILE__, __LINE__,           \
              cudaGetErrorString(status_));                                     \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

template <int K>
__global__ void maxpool2d(const __half *__restrict__ in, __half *__restrict__ out, int h, int w) {
  int ox = blockIdx.x * blockDim.x + threadIdx.x, oy = blockIdx.y * blockDim.y + threadIdx.y;
  int ow = w / K, oh = h / K;
  if (ox >= ow || oy >= oh) return;
  __half m = __float2half(-INFINITY);
#pragma unroll
  for (int dy = 0; dy < K; dy++)
#pragma unroll
    for (int dx = 0; dx < K; dx++) m = __hmax(m, in[(oy * K + dy) * w + ox * K + dx]);
  out[oy * ow + ox] = __hmax(m, __float2half(0.0f));
}

template <int K>
void maxpool2d_cpu(const std::vector<__half> &in, std::vector<__half> &out, int h, int w) {
  int ow = w / K, oh = h / K;
  for (int oy = 0; oy < oh; oy++)
    for (int ox = 0; ox < ow; ox++) {
      __half m = __float2half(-INFINITY), zero = __float2half(0.0f);
      for (int dy = 0; dy < K; dy++)
        for (int dx = 0; dx < K; dx++) m = __hmax(m, in[(oy * K + dy) * w + ox * K + dx]);
      out[oy * ow + ox] = __hmax(m, zero);
    }
}

int main() {
  const int H = 512, W = 512, K = 2;
  std::vector<__half> h_in(H * W), h_out((H / K) * (W / K)), h_ref((H / K) * (W / K));
  for (int i = 0; i < H * W; i++) h_in[i] = __float2half(sinf(0.01f * i) * 4.0f);
  __half *d_in, *d_out;
  CHECK_CUDA(cudaMalloc(&d_in, h_in.size() * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&d_out, h_out.size() * sizeof(__half)));
  CHECK_CUDA(cudaMemcpy(d_in, h_in.data(), h_in.size() * sizeof(__half), cudaMemcpyHostToDevice));
  dim3 block(16, 16), grid((W / K + 15) / 16, (H / K + 15) / 16);
  maxpool2d<K><<<grid, block>>>(d_in, d_out, H, W);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(h_out.data(), d_out, h_out.size() * sizeof(__half), cudaMemcpyDeviceToHost));
  maxpool2d_cpu<K>(h_in, h_ref, H, W);

  int mismatches = 0;
  __half lo = h_ref[0], hi = h_ref[0];
  for (size_t i = 0; i < h_ref.size(); i++) {
    if (__half_as_ushort(h_out[i]) != __half_as_ushort(h_ref[i])) mismatches++;
    lo = __hmin(lo, h_ref[i]);
    hi = __hmax(hi, h_ref[i]);
  }
  printf("range [%f, %f], %d mismatches: %s\n", __half2float(lo), __half2float(hi), mismatches,
         mismatches ? "FAIL" : "PASS");
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_out));
  return mismatches != 0;
}
