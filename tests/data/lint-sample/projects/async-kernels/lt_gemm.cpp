// A cuBLASLt matmul with a bias epilogue, as inference runtimes write it.
#include <cublasLt.h>
#include <cuda_runtime.h>

void gemm_bias(cublasLtHandle_t lt, const float* a, const float* b, float* c, const float* bias,
               int m, int n, int k, cudaStream_t stream) {
  cublasLtMatmulDesc_t op;
  cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_BIAS;
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi));
  cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias));
  cublasLtMatrixLayout_t la, lb, lc;
  cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, m, k, m);
  cublasLtMatrixLayoutCreate(&lb, CUDA_R_32F, k, n, k);
  cublasLtMatrixLayoutCreate(&lc, CUDA_R_32F, m, n, m);
  const float one = 1.f, zero = 0.f;
  cublasLtMatmul(lt, op, &one, a, la, b, lb, &zero, c, lc, c, lc, nullptr, nullptr, 0, stream);
  cublasLtMatrixLayoutDestroy(la);
  cublasLtMatrixLayoutDestroy(lb);
  cublasLtMatrixLayoutDestroy(lc);
  cublasLtMatmulDescDestroy(op);
}
