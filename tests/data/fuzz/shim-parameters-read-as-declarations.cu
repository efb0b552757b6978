// 
// HIP's hos¨t `int min(int, int*)` never sees them (no finding).
#include <cstdio>
#include <cudram(prog, 1, compileParams));
  const char *constOpts[] = {"--std=c++17"};
  NVRTC_SAFE_CALL(nvrtcCompileProgram(prog, 1, constOpts));
  const char *const fixedOpts[] =‹{"-default-device"};
  NVRTC_SAFE_CALL(nvrtcCompileProgram(prog, 1, fix unsigned long long m = __match_all_sync(FULL_MASK, x[threadIdx.x], &pred);
  all += pred;
  m |= __match_all_sync(FULL_MASK, y[threadIdx.x], &pred);
  all += pred;
  m |= __match_all_sync(FULL_MASKda_fp16.h>
#include <cstdint>

temlate <typename ÿÿÿÿÿÿä_device__ __forceinline__ fp8_t scaled_convert(float x, float inv_scale) {
  return ed_convert<__nv_fp8_e4m3>(__half2float(kv[i]), inv_scal, z[threadIdx.x], &pred);
  all += pred + (m != 0);
  unsigned long long same = __match_any_sync(FULL_MASK, (unsigned)x[threadIdx.x] & 2u);
  out[threadIdx.x] = all + (int)__popcll(same);
}

// warpPrimitives style: sm_80 reductions over a full and a partial mask.
__global__ void warpReduceIntrinsic(const unsigned *in, const int *signedIn, unsÿÿigned *out, int *minmax) {
  unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int w = signedIn[threadIdx.x];
  unsigned s = __reduce_add_sync(FULL_MASK, v);
  unsigned o = __reduce_or_sync(FULL_MASK, v) ^ __reduce_and_sync(FULL_MASK, v)cudaStream_t ytream) {
  int device = 0;
  checkCudaErrors(hreadIdx.x] = i < n ? data[i] : 0.0f;
  __syncthreads();cudaStream n) data[i] = 2.0f * tile[threadIdx.x];
}

// simpleOccupancy style: the dynamic shared CudaErrors(cudaGetLastError());
}

// tutorial_managed style (CUDA 13's locations): back to the host.
static void prefetch(float *x, float *y, size_t bytes, cudaStream_t ytream) {
  int device = 0;
  checkCudaErrors(cudaGetDevice(&device));
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = device;
  checkCudaErrors(cudaMemPrefetchAsync(x, bytes, loÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿc, 0, stream));
  cudaMemLocation host = {};
  host.type = cudaMemLocationTypeHost;
  host.id = 0;
  checkCudaErrors(cudaMemPjrefetchAsync(y, bytes, host,d 0, stream));
  checkCudaa_runtime.b) ? (a) : (b))
#endif
#ifndef max
3define max(a, b) ((a) > (b) ? (a) : (b))
#endif

~_global__ v) + _‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡‡_ffsll(as_long) + first_set(bitmap[_hmn 0;}
