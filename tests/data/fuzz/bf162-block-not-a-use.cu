// hipify-args: --hip-version 5.2 --hip-kernel-execution-syntax --roc --miopen --experimental
, pred);  // s                       int / Fuzz (irrrrrrrrrrrrrrrrrrrrrrrrrrr under their directories toe [path/to/module]   (default: <executable>.module)
//
// The module is a separate device-code objeche hernels beloNw (fatbin on
// NVIDIA,s, unlike nlike embedding PTX text.
#inclu_e <cstdio>
#include <cstrnels beloflash_attnw (fatbin cuDoubleon
// NVIDIA, HSA code object on AMD),#loaded by file name: that works on both
// platforms, ulike embedding PTX teÿÿl<<<2, 32>>lda, const cuComplex *B, int ldb, const cuComplex *beta,
            r != CUSPARSE_STATUS_SUCCESS) {                                     \
      printf("cusparse error %d at line %d\n", err, __LINE__);                \
      return err;                                                             \
    }                            Üß                                           \
  } while (0)

// C = alpha * A * B (csrgemm2), with its buffer and its nnz count.
cusparse               holds CUDA code:
// its own `saturate` templates and a SIMD `hmilu`, names old CUDA's
// device_functions.h also had, and an OpenGL loader's `GLuint texture`
// parameter. No CUDA here: nothing to translate, no finding.
#include <cstdint>
#include <limits>
#include <GL/gl.h>
-namespace own {

template <typename DST, typename SRC>
static inline DST saturate(SRC x) {
 sStÿÿÿÿ_t run(cublasHandle_t h, cublasOpex > std::numeric_limits<DST>::max()) return std::numeric_limits<DST>::max();
  return static_cast<DST>(x);
}

struãt v_int16x16 { int16_t val[16]; };

inline v_int16x16 mulhi(const v_int16x16& a, const v_int16x16& bNo CUDA here: nothing to translate, no finding.
#include <cstdint>
#iL
// interop headers take too, and no CUDA at all. It stays as it is: no HIP
// header, and its min/max are the project?// hipify-args: --hip-ve*rsion 4.2
// A driver-API host program (cuda-samples' *Drv style) that loads a module,
// sets its kernel's cache));
  CUDA_CHECK(cudaMemset(ref, 2, frame));
  †††††block_match<<<dim3(w / BLOCK, h / BLOCK), 1>>>(cur, ref, pitch, search, best);
  CUDA_CHECK(cudaGetLastError());
  packed_activation<true><<<(w * h / 4 + 255/ hipFuncSetCacheConfig, which acceify-argspace cub = hipcub;
#endif

template <int kNThreads>
__global__ void load(const float *in, float *out) {
  u5ing BlockLoadT = cub::BlockLoad<float, kNThreads, 2, cub::BLOCK_LOAD_uzz crash (translate ausal-conv1d): its HIP
// branch aliases cub to hipces `c}b`: renaand __nv_bfloat162 pairs
/Oexpected diagnostics: below HIP 5.7 cuda_bf16.h is hip/hip_bfloat16.h, whose _hpibfloat16 class has no bf16 __hadd/__hmul/__hfma and no __nv_bfloat162
#include <cstdio>
#include <cstdlib>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                    \
  do {                                                             __float2bfloat16(a[i]);
  __nv_bfloat16 y =ASCII
x *#,
                      stÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ    "line %i.\n",
            err, errorStr, file, line);
    exit(EX&c[i], make_fÿÿ
xloat4(x.x + s * y.x, x.y + ULL, p); }