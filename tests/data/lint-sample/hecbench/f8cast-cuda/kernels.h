// HeCBench f8cast-cuda/kernels.h, lines 171-200
  Td *__restrict__ dst, const Ts *__restrict__ src, const int nelems)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nelems) {
    dst[i] = fp8e4m3fn_from_fp32_value(src[i]);
  }
}

template <typename Td, typename Ts>
__global__
void fp32_cvt_e4m3 (
  Td *__restrict__ dst, const Ts *__restrict__ src, const int nelems)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nelems) {
    dst[i] = __nv_cvt_float_to_fp8(src[i], __NV_SATFINITE, __NV_E4M3);
  }
}

template <typename Td, typename Ts>
__global__
void fp32_cvt_e5m2 (
  Td *__restrict__ dst, const Ts *__restrict__ src, const int nelems)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nelems) {
    dst[i] = __nv_cvt_float_to_fp8(src[i], __NV_SATFINITE, __NV_E5M2);
  }
}
