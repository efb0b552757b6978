/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved. (BSD-3) */

// cuSPARSE generic API: y = alpha * A * x + beta * y with A in CSR
// (after CUDALibrarySamples/cuSPARSE/spmv_csr, with the cuda-samples
// helper_cuda.h error checking)

#include <cuda_runtime.h>
#include <cusparse.h>

#include <helper_cuda.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  // Host problem definition
  const int A_num_rows = 4;
  const int A_num_cols = 4;
  const int A_nnz = 9;
  int hA_csrOffsets[] = {0, 3, 4, 7, 9};
  int hA_columns[] = {0, 2, 3, 1, 0, 2, 3, 1, 3};
  float hA_values[] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f};
  float hX[] = {1.0f, 2.0f, 3.0f, 4.0f};
  float hY[] = {0.0f, 0.0f, 0.0f, 0.0f};
  float hY_result[] = {19.0f, 8.0f, 51.0f, 52.0f};
  float alpha = 1.0f;
  float beta = 0.0f;

  findCudaDevice(argc, (const char **)argv);

  //--------------------------------------------------------------------------
  // Device memory management
  int *dA_csrOffsets, *dA_columns;
  float *dA_values, *dX, *dY;
  checkCudaErrors(
      cudaMalloc((void **)&dA_csrOffsets, (A_num_rows + 1) * sizeof(int)));
  checkCudaErrors(cudaMalloc((void **)&dA_columns, A_nnz * sizeof(int)));
  checkCudaErrors(cudaMalloc((void **)&dA_values, A_nnz * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&dX, A_num_cols * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&dY, A_num_rows * sizeof(float)));

  checkCudaErrors(cudaMemcpy(dA_csrOffsets, hA_csrOffsets,
                             (A_num_rows + 1) * sizeof(int),
                             cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dA_columns, hA_columns, A_nnz * sizeof(int),
                             cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dA_values, hA_values, A_nnz * sizeof(float),
                             cudaMemcpyHostToDevice));
  checkCudaErrors(
      cudaMemcpy(dX, hX, A_num_cols * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(
      cudaMemcpy(dY, hY, A_num_rows * sizeof(float), cudaMemcpyHostToDevice));
  //--------------------------------------------------------------------------
  // CUSPARSE APIs
  cusparseHandle_t handle = NULL;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX, vecY;
  void *dBuffer = NULL;
  size_t bufferSize = 0;
  checkCudaErrors(cusparseCreate(&handle));
  // Create sparse matrix A in CSR format
  checkCudaErrors(cusparseCreateCsr(&matA, A_num_rows, A_num_cols, A_nnz,
                                    dA_csrOffsets, dA_columns, dA_values,
                                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  // Create dense vector X
  checkCudaErrors(cusparseCreateDnVec(&vecX, A_num_cols, dX, CUDA_R_32F));
  // Create dense vector y
  checkCudaErrors(cusparseCreateDnVec(&vecY, A_num_rows, dY, CUDA_R_32F));
  // allocate an external buffer if needed
  checkCudaErrors(cusparseSpMV_bufferSize(
      handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
      CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize));
  checkCudaErrors(cudaMalloc(&dBuffer, bufferSize));

  // execute SpMV
  checkCudaErrors(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                               &alpha, matA, vecX, &beta, vecY, CUDA_R_32F,
                               CUSPARSE_SPMV_ALG_DEFAULT, dBuffer));

  // destroy matrix/vector descriptors
  checkCudaErrors(cusparseDestroySpMat(matA));
  checkCudaErrors(cusparseDestroyDnVec(vecX));
  checkCudaErrors(cusparseDestroyDnVec(vecY));
  checkCudaErrors(cusparseDestroy(handle));
  //--------------------------------------------------------------------------
  // device result check
  checkCudaErrors(
      cudaMemcpy(hY, dY, A_num_rows * sizeof(float), cudaMemcpyDeviceToHost));
  int correct = 1;
  for (int i = 0; i < A_num_rows; i++) {
    if (hY[i] != hY_result[i]) {  // direct floating point comparison is not
      correct = 0;                // reliable
      break;
    }
  }
  if (correct)
    printf("spmv_csr_example test PASSED\n");
  else
    printf("spmv_csr_example test FAILED: wrong result\n");
  //--------------------------------------------------------------------------
  // device memory deallocation
  checkCudaErrors(cudaFree(dBuffer));
  checkCudaErrors(cudaFree(dA_csrOffsets));
  checkCudaErrors(cudaFree(dA_columns));
  checkCudaErrors(cudaFree(dA_values));
  checkCudaErrors(cudaFree(dX));
  checkCudaErrors(cudaFree(dY));
  return EXIT_SUCCESS;
}
