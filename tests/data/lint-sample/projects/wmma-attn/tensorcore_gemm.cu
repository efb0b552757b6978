#include <mma.h>
#include <cuda_fp16.h>

__global__ void wmma_gemm(const half *a, const half *b, float *c, int m, int n, int k) {
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> fa;
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, half, nvcuda::wmma::col_major> fb;
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> fc;
  nvcuda::wmma::fill_fragment(fc, 0.0f);
  int tile_m = blockIdx.y * 16, tile_n = blockIdx.x * 16;
  for (int kk = 0; kk < k; kk += 16) {
    nvcuda::wmma::load_matrix_sync(fa, a + tile_m * k + kk, k);
    nvcuda::wmma::load_matrix_sync(fb, b + tile_n * k + kk, k);
    nvcuda::wmma::mma_sync(fc, fa, fb, fc);
  }
  nvcuda::wmma::store_matrix_sync(c + tile_m * n + tile_n, fc, n, nvcuda::wmma::mem_row_major);
}
