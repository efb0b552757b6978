// 2:4 structured sparsity through cuSPARSELt (pruning before a sparse GEMM).
#include <cuda_runtime.h>
#include <cusparseLt.h>

int prune_weights(cusparseLtHandle_t* handle, cusparseLtMatmulDescriptor_t* matmul,
                  const __half* dense, __half* pruned, cudaStream_t stream) {
  return cusparseLtSpMMAPrune(handle, matmul, dense, pruned, CUSPARSELT_PRUNE_SPMMA_TILE, stream);
}
