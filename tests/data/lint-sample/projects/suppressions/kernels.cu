#include <cuda_runtime.h>

// hipify-ignore-file: HIP-W003

__global__ void lanes(int *out) {
  // hipify-ignore: HIP-W008
  int lane = threadIdx.x % 32;  // checked: the block is one 64-lane wavefront on AMD
  out[threadIdx.x] = lane;
}

__global__ void plain(float *p) {
  // hipify-ignore: HIP-W008
  p[threadIdx.x] *= 2.f;
}

__global__ void ballot(int *out, int v) {
  unsigned b = __ballot_sync(0xffffffff, v > 0);  // hipify-ignore: HIP-W002
  out[threadIdx.x] = __popc(b);  // hipify-ignore: warp-mask-32bit
}

__device__ float fast_rcp(float x) {
  float y;
  asm("rcp.approx.f32 %0, %1;" : "=f"(y) : "f"(x));  // hipify-ignore: HIP-W001
  return y;
}

// hipify-ignore: HIP-W001
__device__ float identity(float x) { return x; }

__global__ void __launch_bounds__(256) k256(float *p) {  // hipify-ignore: HIP-W011
  p[threadIdx.x] = 0.f;
}

// hipify-ignore: HIP-W010, HIP-W014
__device__ int arch() { return 0; }

void sync_all() {
  cudaDeviceSynchronize();  // hipify-ignore: unsupported-api
}

__device__ float clamp1(float v) {
#ifdef __CUDA_ARCH__  // hipify-ignore: HIP-W010
  return __saturatef(v);
#else
  return v;
#endif
}

__global__ void shfl(float *p) {
  float v = p[threadIdx.x];
  // hipify-ignore: HIP-W002
  v += __shfl_down_sync(0xffffffff, v, 1);
  p[threadIdx.x] = v;
}

int guarded_version() {
  // hipify-ignore: HIP-W014
#if CUDART_VERSION >= 11000
  return 1;
#else
  return 0;
#endif
}

// hipify-ignore: HIP-W013
__device__ float sample(cudaTextureObject_t t, float u) { return tex1D<float>(t, u); }

__global__ void k2(float *p) {  // hipify-ignore: HIP-W016
  p[threadIdx.x] = 1.f;
}
