// HeCBench blas-gemmEx-cuda/main.cu, lines 1-11, 19-57
#include <stdio.h>
#include <chrono>
#include <type_traits> // is_same
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cublas_v2.h>
#include "utils.h"


template <typename T, typename S>
// ...
void free_memory(T *A, T *B, S *C) {
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
}

template <typename T, typename S, typename CT>
bool cublas_gemm_ex(
    cublasHandle_t handle, cublasOperation_t transA, cublasOperation_t transB,
    const int m, const int n, const int k,
    T *A, T *B, S *C,
    int lda, int ldb, int ldc,
    const CT *alpha, const CT *beta, int algo, int compute32F_mode)
{
  cudaDataType_t AType, BType, CType;
  cublasComputeType_t ComputeType;
  if (std::is_same<T, double>::value) {
    AType = BType = CType = CUDA_R_64F;
    ComputeType = CUBLAS_COMPUTE_64F;
  } else if (std::is_same<T, float>::value) {
    AType = BType = CType = CUDA_R_32F;
    switch (compute32F_mode) {
      case 0: ComputeType = CUBLAS_COMPUTE_32F;
      case 1: ComputeType = CUBLAS_COMPUTE_32F_FAST_16F;
      case 2: ComputeType = CUBLAS_COMPUTE_32F_FAST_16BF;
      case 3: ComputeType = CUBLAS_COMPUTE_32F_FAST_TF32;
      default: ComputeType = CUBLAS_COMPUTE_32F;
    }
  } else if (std::is_same<T, __half>::value) {
    AType = BType = CType = CUDA_R_16F;
    if (std::is_same<CT, __half>::value)
      ComputeType = CUBLAS_COMPUTE_16F;
    else
      ComputeType = CUBLAS_COMPUTE_32F;
  } else if (std::is_same<T, __nv_bfloat16>::value) {
    AType = BType = CType = CUDA_R_16BF;
    ComputeType = CUBLAS_COMPUTE_32F;
  } else if (std::is_same<T, int8_t>::value) {
    AType = BType = CUDA_R_8I;