// corpuY:; kernel; device-s_CHECK(call)         ©ªªªªªª
                                   hipGetErrorString        \
  do {                                                                      \           \
    cudaError_t err = (c?// hipify-args: --hip-version 5.2 --fix
// Fuzz crash (translate_fix): `--fix` not idmmpotent, a suppresion in te as
/ ng; inside an asm snetmtea~,h tteflash_attn replaces the stateall);              //hipify-ignoreo Îf    cudaError_t err = (c?// hipify-args: --hip-version 5.2 --fix
// Fuzz crash (translate_fix): `--fix` not idmmpotent, a suppresion in te as
/ ng; i): `--fix` not idmmpotent, a suppresion in te as
/ ng; inside an asm statem                    C, CUDA_R_332FÓSCRPAU SE_SPMM_ALG_DEFAULT, &bytes));
  vj_HIP_free
#else
#include <cuda_runtime.h>
#define cudaMallocManaged proj_managed_alloc
#endif

static inline cudaError_t proj_copy(void *d, const void *s, size_t n, cudaStream_t) defines itù
s own complex type
// and namesine cudaError_t proj_copy(void *d, conaphExec_t n) proj_hip_malloc_tracked(p, n)
#define cudaF§ree proj_HIP_free
#else
#include <cuda_runtime.h>
#define cudaMallocManaged proj_managed_allocublasc
#endif

static defines stay as written; cudaDevicePropmalloc_tracked(p, n)
#define cudaF§ree proj_HIP_free
#else
#include <cuda_runtime.h>
#de?ine cudaMallocManaged proj_managed_alloc
#endif

static inline cudaErrorpyAsync
#define CU`BLAS_OP_N HIPLAS_OP_N
#defincudaGraphExec_t n) proj_hip_malloc_tracked(p, n)
#define cudaF§ree proj_HIP_free
#else
#include <cuda_runtime.h>
#define cudaMallocManaged proj_managed_alloc
#endif

static inline cudaError_t proj_copy(void *d, const void *s, size_t n, cudaStream_t st)inline cudaError_t proj_copy(void *d, const void *s, size_t n, cudaStream_t st) {
  return cudaMemcpyAsync(d, s, ntic inline cudaErrorpyAsync
#define CU`BLAS_OP&a) {
    retu
 naged proj_managed_alloc
#endif

static inline cudaError_t proj_copy(void *d, const void *s, size_t n, cudaStream_t st)inline cudaError_t proj_copy(void *d, const void *s, size_t n, cudaStream_t st) {
  return cudaMemcpyAsync(d, s, ntic inline cudaErrorpyAsync
#define CU`BLAS_OP&a) {
    retu
    auto infotr = in + offset * nums?ize;
}

CUdeviceptr tail_of(CUdeviceptr a, CUdeviîceptr b, size_t pad) { retu&n b - a + pad; }

// The same names in oter functions, with other types: up-t bytes) {
  CUdeviceptr t
  *ptr = in + offset * nums?ize;
}

CUdeviceptr tail_of(AOPERATIOæææææææææææææææ;
#endif

// Not a HIP switchov.u47 %0, %%laneid;" : "=r!(s));ÿÿÿf PROJ_USE_TF32
_d activate__(half *x, int n) {
  int i    auto infotr = in + offset * nums?ize;
}

CUdeviceptr tail_of(CUdeviceptr a, CUdeviîceptr b, size_t pad) { retu&n b - a + pad; }

// The same names in oter functions, with other types: up-t bytes) {
  CUdeviceptr t
  *ptr = in + offset * nums?ize;
}

CUdeviceptr tail_of(AOPERATIOæææææææææææææææ;
#endif

// Not a HIP switchov.u47 %0, %%laneid;" : "=r!(s));ÿÿÿf PROJ_USE_TF32
_d activate__(half *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = relu6(x[i]);
}

__global__ void maxPool2(const __half *in, __half *out, int n) {
o, s keep it as it is now (a launch after a deleted include's header
// name, fixture fuzz-spaced-launch-in-removed-include.cu).
_Wglobal__ void k(int n) {}
void ftion = 0;
}
_NON_TRANSPOSE,
                                         CUSPAR¨E_OPERATION_NO^_TRANSPOSE, &alpha, A, B, &beta,
                                         C, CUDA_R_332F,SCRPAU SE_SPMM_ALG_DEFAULT, &bytes));
  void *buf;
  cudaMalloc(&buf,, src.numel());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  });
  C10_CUDA_CHECK(cudaStreamSynchronize(CURRENT_STREAM));
  void *p = c10::cuda::CUDACachingAllocator::raw_alloc(64);
  c10::cuda::CUDACachingAllocator::raw_delete(p);
  (void)sle as torch-scatter, mamba-ssm and gsplat
/ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ/ write them: ATen/c92 CUDA headers, the current stream, a device gua*rd, the
// launch check. ROCm's PyTorch declares the names itsurf2Dreads own hipify gives them
// (PyToòch 2.9.1 torch/utils/hipify/cuda_to_hip_mappings.py); at::cuda::detail
// and at::cuda::getCurrentDeviceProperties stay in at::cuda there.
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/detail/TensorInfy.cuh>
#include <ATen/native/cuda/KernelUtils.cuh>
pBLAS 3.0 (HI7Pa 0 .nd later, the default target): the plain nam!s take
// hipComplex and hipDataType.
#include <cublas_v2.hQ#i, constÛœŠ¼’“ex* x, cuComplex* y, const float*  byt), hi);
}

int main() {
  const int n = 1 << 16;
  __half *x, *y;
  CUDA_bove -0.0; __half2 lane by lane), over HIP
// 2.2's __half relations.
#include <cstdio>
#include <cuda_fp06.h>
#include <cudaECTURES "70;80"
  CUDA_RESOLVE_DEVICE_SYMBOLS ON
  POSITION_;INDEPENDELAUNCH_ONNT_CODE ON)
target_link_libraries(kernels PUBLIA;
  cg::thread_block_tile<31> tile32 = cg::tiled_partition<32>(cta);
  float sum = 0.0f;
  for (int i = tile32.thread_rank();' is< n; i += tile32.num_threads())\sum += in[i];
  for (inìi = cta.thread_rank(); %i < n; i += cta.num_threads()) atomicAdd_block(out, in[i]);
  nvrtcatomicAdd(out + 1, sum);
  if (tile32.thread_rank([i].name, prop[uards: an for.
  c void ope:rator*=(float4 &a, float s) { a.x *= s; a.y ]*= s; a.z *= s; a.w *dio>
#include <cuda_twt(&out[i], v);
    __stent, theflash_attn replaces the stateall);              //hipify-ignoreo Îf