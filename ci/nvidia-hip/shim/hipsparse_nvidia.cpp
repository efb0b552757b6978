// Stand-in for hipSPARSE's NVIDIA-backend library (libhipsparse built with nvcc).
//
// hipSPARSE is never header-only: <hipsparse.h> only declares its API and
// libhipsparse implements it, on AMD on top of rocSPARSE and, when AMD's
// hipSPARSE is built for the NVIDIA platform, on top of cuSPARSE (each
// function converts its enums and calls the cuSPARSE function of the same
// meaning). Debian packages hipSPARSE for AMD only, so this file does that
// forwarding for the subset of the API the corpus uses (handle, CSR/COO/dense
// vector descriptors, generic SpMV). It is compiled by ci/gpu-validate into a
// static library linked with -lcusparse. A translated program calling
// anything else fails to link, naming the missing hipsparse* symbol.
#include <hipsparse.h>
#include <cusparse.h>

static hipsparseStatus_t to_hip(cusparseStatus_t s) {
  // hipsparseStatus_t mirrors cusparseStatus_t value for value (CUDA >= 11.3).
  switch (s) {
    case CUSPARSE_STATUS_SUCCESS: return HIPSPARSE_STATUS_SUCCESS;
    case CUSPARSE_STATUS_NOT_INITIALIZED: return HIPSPARSE_STATUS_NOT_INITIALIZED;
    case CUSPARSE_STATUS_ALLOC_FAILED: return HIPSPARSE_STATUS_ALLOC_FAILED;
    case CUSPARSE_STATUS_INVALID_VALUE: return HIPSPARSE_STATUS_INVALID_VALUE;
    case CUSPARSE_STATUS_ARCH_MISMATCH: return HIPSPARSE_STATUS_ARCH_MISMATCH;
    case CUSPARSE_STATUS_MAPPING_ERROR: return HIPSPARSE_STATUS_MAPPING_ERROR;
    case CUSPARSE_STATUS_EXECUTION_FAILED: return HIPSPARSE_STATUS_EXECUTION_FAILED;
    case CUSPARSE_STATUS_INTERNAL_ERROR: return HIPSPARSE_STATUS_INTERNAL_ERROR;
    case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return HIPSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
    case CUSPARSE_STATUS_ZERO_PIVOT: return HIPSPARSE_STATUS_ZERO_PIVOT;
    case CUSPARSE_STATUS_NOT_SUPPORTED: return HIPSPARSE_STATUS_NOT_SUPPORTED;
    case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return HIPSPARSE_STATUS_INSUFFICIENT_RESOURCES;
    default: return HIPSPARSE_STATUS_INTERNAL_ERROR;
  }
}

static cusparseOperation_t op(hipsparseOperation_t o) {
  switch (o) {
    case HIPSPARSE_OPERATION_TRANSPOSE: return CUSPARSE_OPERATION_TRANSPOSE;
    case HIPSPARSE_OPERATION_CONJUGATE_TRANSPOSE: return CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
    default: return CUSPARSE_OPERATION_NON_TRANSPOSE;
  }
}
static cusparseIndexType_t idx(hipsparseIndexType_t t) {
  switch (t) {
    case HIPSPARSE_INDEX_16U: return CUSPARSE_INDEX_16U;
    case HIPSPARSE_INDEX_64I: return CUSPARSE_INDEX_64I;
    default: return CUSPARSE_INDEX_32I;
  }
}
static cusparseIndexBase_t base(hipsparseIndexBase_t b) {
  return b == HIPSPARSE_INDEX_BASE_ONE ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;
}
// The numeric values differ: HIPSPARSE_SPMV_ALG_DEFAULT is 4, CUSPARSE_SPMV_ALG_DEFAULT 0.
static bool spmv_alg(hipsparseSpMVAlg_t a, cusparseSpMVAlg_t* out) {
  switch (a) {
    case HIPSPARSE_MV_ALG_DEFAULT:
    case HIPSPARSE_SPMV_ALG_DEFAULT: *out = CUSPARSE_SPMV_ALG_DEFAULT; return true;
    case HIPSPARSE_COOMV_ALG:
    case HIPSPARSE_SPMV_COO_ALG1: *out = CUSPARSE_SPMV_COO_ALG1; return true;
    case HIPSPARSE_SPMV_COO_ALG2: *out = CUSPARSE_SPMV_COO_ALG2; return true;
    case HIPSPARSE_CSRMV_ALG1:
    case HIPSPARSE_SPMV_CSR_ALG1: *out = CUSPARSE_SPMV_CSR_ALG1; return true;
    case HIPSPARSE_CSRMV_ALG2:
    case HIPSPARSE_SPMV_CSR_ALG2: *out = CUSPARSE_SPMV_CSR_ALG2; return true;
    default: return false;
  }
}
// hipDataType is cudaDataType on NVIDIA (hip/nvidia_detail: #define hipDataType cudaDataType).

hipsparseStatus_t hipsparseCreate(hipsparseHandle_t* handle) {
  return to_hip(cusparseCreate((cusparseHandle_t*)handle));
}
hipsparseStatus_t hipsparseDestroy(hipsparseHandle_t handle) {
  return to_hip(cusparseDestroy((cusparseHandle_t)handle));
}
hipsparseStatus_t hipsparseSetStream(hipsparseHandle_t handle, hipStream_t s) {
  return to_hip(cusparseSetStream((cusparseHandle_t)handle, s));
}
hipsparseStatus_t hipsparseGetStream(hipsparseHandle_t handle, hipStream_t* s) {
  return to_hip(cusparseGetStream((cusparseHandle_t)handle, s));
}
hipsparseStatus_t hipsparseGetVersion(hipsparseHandle_t handle, int* version) {
  if (handle == nullptr) return HIPSPARSE_STATUS_NOT_INITIALIZED;
  *version = hipsparseVersionMajor * 100000 + hipsparseVersionMinor * 100 + hipsparseVersionPatch;
  return HIPSPARSE_STATUS_SUCCESS;
}
hipsparseStatus_t hipsparseCreateCsr(hipsparseSpMatDescr_t* d, int64_t rows, int64_t cols,
                                     int64_t nnz, void* rowOff, void* colInd, void* values,
                                     hipsparseIndexType_t rowOffType,
                                     hipsparseIndexType_t colIndType,
                                     hipsparseIndexBase_t idxBase, hipDataType valueType) {
  return to_hip(cusparseCreateCsr((cusparseSpMatDescr_t*)d, rows, cols, nnz, rowOff, colInd,
                                  values, idx(rowOffType), idx(colIndType), base(idxBase),
                                  valueType));
}
hipsparseStatus_t hipsparseCreateCoo(hipsparseSpMatDescr_t* d, int64_t rows, int64_t cols,
                                     int64_t nnz, void* rowInd, void* colInd, void* values,
                                     hipsparseIndexType_t idxType, hipsparseIndexBase_t idxBase,
                                     hipDataType valueType) {
  return to_hip(cusparseCreateCoo((cusparseSpMatDescr_t*)d, rows, cols, nnz, rowInd, colInd,
                                  values, idx(idxType), base(idxBase), valueType));
}
hipsparseStatus_t hipsparseCreateDnVec(hipsparseDnVecDescr_t* d, int64_t size, void* values,
                                       hipDataType valueType) {
  return to_hip(cusparseCreateDnVec((cusparseDnVecDescr_t*)d, size, values, valueType));
}
hipsparseStatus_t hipsparseDestroySpMat(hipsparseSpMatDescr_t d) {
  return to_hip(cusparseDestroySpMat((cusparseSpMatDescr_t)d));
}
hipsparseStatus_t hipsparseDestroyDnVec(hipsparseDnVecDescr_t d) {
  return to_hip(cusparseDestroyDnVec((cusparseDnVecDescr_t)d));
}
hipsparseStatus_t hipsparseDnVecGetValues(const hipsparseDnVecDescr_t d, void** values) {
  return to_hip(cusparseDnVecGetValues((cusparseDnVecDescr_t)d, values));
}
hipsparseStatus_t hipsparseSpMV_bufferSize(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                           const void* alpha, const hipsparseSpMatDescr_t matA,
                                           const hipsparseDnVecDescr_t vecX, const void* beta,
                                           const hipsparseDnVecDescr_t vecY,
                                           hipDataType computeType, hipsparseSpMVAlg_t alg,
                                           size_t* bufferSize) {
  cusparseSpMVAlg_t calg;
  if (!spmv_alg(alg, &calg)) return HIPSPARSE_STATUS_INVALID_VALUE;
  return to_hip(cusparseSpMV_bufferSize((cusparseHandle_t)handle, op(opA), alpha,
                                        (cusparseConstSpMatDescr_t)matA,
                                        (cusparseConstDnVecDescr_t)vecX, beta,
                                        (cusparseDnVecDescr_t)vecY, computeType, calg,
                                        bufferSize));
}
hipsparseStatus_t hipsparseSpMV(hipsparseHandle_t handle, hipsparseOperation_t opA,
                                const void* alpha, const hipsparseSpMatDescr_t matA,
                                const hipsparseDnVecDescr_t vecX, const void* beta,
                                const hipsparseDnVecDescr_t vecY, hipDataType computeType,
                                hipsparseSpMVAlg_t alg, void* externalBuffer) {
  cusparseSpMVAlg_t calg;
  if (!spmv_alg(alg, &calg)) return HIPSPARSE_STATUS_INVALID_VALUE;
  return to_hip(cusparseSpMV((cusparseHandle_t)handle, op(opA), alpha,
                             (cusparseConstSpMatDescr_t)matA, (cusparseConstDnVecDescr_t)vecX,
                             beta, (cusparseDnVecDescr_t)vecY, computeType, calg,
                             externalBuffer));
}
