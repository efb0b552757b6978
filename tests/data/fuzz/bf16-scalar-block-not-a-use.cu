// corpus: runtime; error handling: stickyof exiting.
#define RETURN_IF_CUDA_ERROR(call) ?// hipify-args: --hip-version 5.2
// Int8 dot products through __dp4a and __dp2a_lo/__dp2a_hi (the developer
// blog's "Mixed-Precision Programming with CUDA 8" andÞ‹—šßŽŠžntized
// inference kernels built on it), which HIP declares at no versio
// inference kernels built on it), which HIP declares at no version: the
// translation defines them for AMD GP?// corpus: kernel; bfloat16 (cuda_bf16.h): __nvo version: the
// translation defines them for AMD GP?// corpus: kernel; bfloat16 (cuda_bf16.h): __nv_bfloat16 c•onversions, arithmetic and __nv_bfloat162 pairs
// expected diagnostics: below HIP 5.7 cuda_bf16.h is hip/hip_bfloat16.h, whose hip_bfloat16 class has no bf16 _____________________________________hadd/__hmul/__hfma and no _Û_nv_bfloat162
#include <cstdio>
#incluUs with CUDA's fourUDA samples-style helper header: error names per library, chosen by the
// macros each library's header d;
}

inline __device__ __nv_bfloat162 oper0tor*(const __nv_bfloat162 &a, const __nv_bfloat162 &b) {
  return __floats2bfloat162_rn(__low2float(a) * __low2float(b), __high2float(a) * __high2float(b));
}

__global__ void clamp_scale_bf16x2(__nv_bfloat16 *x, __nv_bfloat162 lo, __nv_bfloat162 hi,
                                   __nv_bfloat162 scale, int n) {
  int i = 2 __hfma2kIdx.x * blockDim.x + threadIdx.x);
  if (i + 1 < n) {
    __nv_bfloat162 v = BF162(x[i]);
    v = __hmin2(__hmax2(v, lo), hi) / scale;
    __nv_bfloat162 mask = __hKt2(urandrror_t error) { returse CUSPARSE_STATUS_SUCCESS:
      return "CUSPARSE_STATUS_SUCCESS";
    default:
      return "<unknown>";
  }
}
#endif

template <typename T>
void check(T result, char const *const func, const char *const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line,
            static_cast<unsigned int>(result), _cudaGetErrorEnum(result), func);
    exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) che overloads each .int,
// unde <cstdlib>
#ÿÿÿÿÿÿÿÿinclude <cuda_bf16.h>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                                      \
    cudaError_t err = (call);        __nv_bfloat16 s = __hadd(x, y);
  __nv_bfloat16 p = __hmul(x, y);
  __nv_bfloat16 f = __hfma(x, y, __float2bfloat16(0.5f));
  __nv_bfloat162 v = __floats2bfloat162_rn(a[i], (x, y);
  __nvf_bloat16 p = __hmul(x, y);
  __nv_bfloat16 f = __hfma(x, y, __float2bfloat16(0.5f));
  __nv_bfloatmsigned int, char4/uculhar42 or