// PMPP chapter 14: SpMV over ELL (column-major padding) and JDS (rows sorted
// by length, jagged diagonals), with a hybrid ELL + COO tail through atomics.
#include "pmpp_common.h"

#include <algorithm>
#include <numeric>

__global__ void spmv_ell_kernel(ELLMatrix ell, const float *x, float *y) {
  unsigned int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < ell.numRows) {
    float sum = 0.0f;
    for (unsigned int t = 0; t < ell.nnzPerRow[row]; ++t) {
      unsigned int i = t * ell.numRows + row;
      unsigned int col = ell.colIdx[i];
      float value = ell.value[i];
      sum += x[col] * value;
    }
    y[row] = sum;
  }
}

__global__ void spmv_coo_tail_kernel(unsigned int nnz, const unsigned int *__restrict__ rowIdx,
                                     const unsigned int *__restrict__ colIdx, const float *__restrict__ value,
                                     const float *x, float *y) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nnz) atomicAdd(&y[rowIdx[i]], x[colIdx[i]] * value[i]);
}

__global__ void spmv_jds_kernel(unsigned int numRows, const unsigned int *__restrict__ jdsRowPerm,
                                const unsigned int *__restrict__ jdsIterPtr, unsigned int numIters,
                                const unsigned int *__restrict__ jdsColIdx, const float *__restrict__ jdsValue,
                                const unsigned int *__restrict__ rowLen, const float *x, float *y) {
  unsigned int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < numRows) {
    float sum = 0.0f;
    for (unsigned int it = 0; it < numIters && it < rowLen[row]; ++it) {
      unsigned int i = jdsIterPtr[it] + row;
      sum += jdsValue[i] * __ldg(&x[jdsColIdx[i]]);
    }
    y[jdsRowPerm[row]] = sum;
  }
}

template <typename T>
static T *to_device(const std::vector<T> &h) {
  T *d = nullptr;
  gpuErrchk(cudaMalloc((void **)&d, h.size() * sizeof(T)));
  gpuErrchk(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

void spmv_all(const CSRMatrix &A, const std::vector<float> &x, std::vector<float> &y) {
  const unsigned int n = A.numRows;
  // ELL with at most 4 entries per row, the rest to COO.
  const unsigned int ellWidth = 4;
  std::vector<unsigned int> nnz(n), ellCol(n * ellWidth, 0), cooRow, cooCol;
  std::vector<float> ellVal(n * ellWidth, 0.f), cooVal;
  for (unsigned int r = 0; r < n; ++r) {
    unsigned int k = 0;
    for (unsigned int i = A.rowPtrs[r]; i < A.rowPtrs[r + 1]; ++i, ++k) {
      if (k < ellWidth) {
        ellCol[k * n + r] = A.colIdx[i];
        ellVal[k * n + r] = A.value[i];
      } else {
        cooRow.push_back(r);
        cooCol.push_back(A.colIdx[i]);
        cooVal.push_back(A.value[i]);
      }
    }
    nnz[r] = std::min(k, ellWidth);
  }
  ELLMatrix ell{n, ellWidth, to_device(nnz), to_device(ellCol), to_device(ellVal)};
  float *d_x = to_device(x);
  float *d_y;
  gpuErrchk(cudaMalloc(&d_y, n * sizeof(float)));
  const unsigned int threads = 256;
  spmv_ell_kernel<<<(n + threads - 1) / threads, threads>>>(ell, d_x, d_y);
  gpuErrchk(cudaGetLastError());
  if (!cooVal.empty()) {
    unsigned int *d_r = to_device(cooRow), *d_c = to_device(cooCol);
    float *d_v = to_device(cooVal);
    spmv_coo_tail_kernel<<<(cooVal.size() + threads - 1) / threads, threads>>>(cooVal.size(), d_r, d_c, d_v,
                                                                             d_x, d_y);
    gpuErrchk(cudaPeekAtLastError());
    gpuErrchk(cudaFree(d_r));
    gpuErrchk(cudaFree(d_c));
    gpuErrchk(cudaFree(d_v));
  }

  // JDS: rows sorted by decreasing length.
  std::vector<unsigned int> perm(n), len(n);
  std::iota(perm.begin(), perm.end(), 0u);
  std::sort(perm.begin(), perm.end(), [&](unsigned int a, unsigned int b) {
    return A.rowPtrs[a + 1] - A.rowPtrs[a] > A.rowPtrs[b + 1] - A.rowPtrs[b];
  });
  for (unsigned int r = 0; r < n; ++r) len[r] = A.rowPtrs[perm[r] + 1] - A.rowPtrs[perm[r]];
  const unsigned int iters = n ? len[0] : 0;
  std::vector<unsigned int> iterPtr(iters + 1, 0), jdsCol;
  std::vector<float> jdsVal;
  for (unsigned int it = 0; it < iters; ++it) {
    iterPtr[it] = jdsCol.size();
    for (unsigned int r = 0; r < n; ++r) {
      bool has = it < len[r];
      jdsCol.push_back(has ? A.colIdx[A.rowPtrs[perm[r]] + it] : 0);
      jdsVal.push_back(has ? A.value[A.rowPtrs[perm[r]] + it] : 0.f);
    }
  }
  float *d_y2;
  gpuErrchk(cudaMalloc(&d_y2, n * sizeof(float)));
  spmv_jds_kernel<<<(n + threads - 1) / threads, threads>>>(n, to_device(perm), to_device(iterPtr), iters,
                                                          to_device(jdsCol), to_device(jdsVal), to_device(len),
                                                          d_x, d_y2);
  gpuErrchk(cudaDeviceSynchronize());
  y.resize(n);
  gpuErrchk(cudaMemcpy(y.data(), d_y2, n * sizeof(float), cudaMemcpyDeviceToHost));
  gpuErrchk(cudaFree(d_x));
  gpuErrchk(cudaFree(d_y));
  gpuErrchk(cudaFree(d_y2));
}
