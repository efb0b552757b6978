// corpus: libs; cuSPARSE generic API: CSR matrix + dense vectors, cusparseSpMV with buffer-size query; exact small-integer result
// corpus-link: -lcusparse
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CHECK_CUDA(func)                                                         \
  {                                                                              \
    cudaError_t status = (func);                                                 \
    if (status != cudaSuccess) {                                                 \
      printf("CUDA API failed at line %d with error: %s (%d)\n", __LINE__,       \
             cudaGetErrorString(status), status);                                \
      return EXIT_FAILURE;                                                       \
    }                                                                            \
  }
#define CHECK_CUSPARSE(func)                                                     \
  {                                                                              \
    cusparseStatus_t status = (func);                                            \
    if (status != CUSPARSE_STATUS_SUCCESS) {                                     \
      printf("CUSPARSE API failed at line %d with error: %d\n", __LINE__,        \
             (int)status);                                                       \
      return EXIT_FAILURE;                                                       \
    }                                                                            \
  }

int main() {
  // 4x5 matrix
  //  [1 0 2 0 0]
  //  [0 3 0 0 4]
  //  [5 0 6 7 0]
  //  [0 0 0 0 8]
  const int rows = 4, cols = 5, nnz = 8;
  int hRowPtr[rows + 1] = {0, 2, 4, 7, 8};
  int hColInd[nnz] = {0, 2, 1, 4, 0, 2, 3, 4};
  float hVal[nnz] = {1, 2, 3, 4, 5, 6, 7, 8};
  float hX[cols] = {1, 2, 3, 4, 5};
  float hY[rows] = {1, 1, 1, 1};
  const float alpha = 2.0f, beta = 3.0f;
  float expect[rows];
  for (int r = 0; r < rows; ++r) {
    float acc = 0;
    for (int k = hRowPtr[r]; k < hRowPtr[r + 1]; ++k) acc += hVal[k] * hX[hColInd[k]];
    expect[r] = alpha * acc + beta * hY[r];
  }

  int *dRowPtr, *dColInd;
  float *dVal, *dX, *dY;
  CHECK_CUDA(cudaMalloc((void**)&dRowPtr, (rows + 1) * sizeof(int)));
  CHECK_CUDA(cudaMalloc((void**)&dColInd, nnz * sizeof(int)));
  CHECK_CUDA(cudaMalloc((void**)&dVal, nnz * sizeof(float)));
  CHECK_CUDA(cudaMalloc((void**)&dX, cols * sizeof(float)));
  CHECK_CUDA(cudaMalloc((void**)&dY, rows * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dRowPtr, hRowPtr, sizeof(hRowPtr), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dColInd, hColInd, sizeof(hColInd), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dVal, hVal, sizeof(hVal), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dX, hX, sizeof(hX), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dY, hY, sizeof(hY), cudaMemcpyHostToDevice));

  cusparseHandle_t handle = NULL;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX, vecY;
  void* dBuffer = NULL;
  size_t bufferSize = 0;
  CHECK_CUSPARSE(cusparseCreate(&handle));
  CHECK_CUSPARSE(cusparseCreateCsr(&matA, rows, cols, nnz, dRowPtr, dColInd, dVal, CUSPARSE_INDEX_32I,
                                   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vecX, cols, dX, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(&vecY, rows, dY, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX,
                                         &beta, vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
                                         &bufferSize));
  CHECK_CUDA(cudaMalloc(&dBuffer, bufferSize > 0 ? bufferSize : 1));
  CHECK_CUSPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                              CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, dBuffer));
  CHECK_CUDA(cudaDeviceSynchronize());

  float hOut[rows];
  CHECK_CUDA(cudaMemcpy(hOut, dY, sizeof(hOut), cudaMemcpyDeviceToHost));
  bool ok = true;
  printf("y = 2*A*x + 3*y =");
  for (int r = 0; r < rows; ++r) {
    printf(" %.1f", hOut[r]);
    ok = ok && hOut[r] == expect[r];
  }
  printf("\n");

  CHECK_CUSPARSE(cusparseDestroySpMat(matA));
  CHECK_CUSPARSE(cusparseDestroyDnVec(vecX));
  CHECK_CUSPARSE(cusparseDestroyDnVec(vecY));
  CHECK_CUSPARSE(cusparseDestroy(handle));
  CHECK_CUDA(cudaFree(dBuffer));
  CHECK_CUDA(cudaFree(dRowPtr));
  CHECK_CUDA(cudaFree(dColInd));
  CHECK_CUDA(cudaFree(dVal));
  CHECK_CUDA(cudaFree(dX));
  CHECK_CUDA(cudaFree(dY));
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
