// Int8 quantized dot products (the blog's "Mixed-Precision Programming with
// CUDA 8" __dp4a example, as inference code builds on it): blocks of 32
// values with a half scale, dequantized sums accumulated with half2 atomics,
// and a per-row maximum through integer atomics on the float's bits.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <helper_cuda.h>

#define QK 32

struct block_q8 {
  __half d;          // scale
  int8_t qs[QK];     // quants
};

__device__ __forceinline__ int load_int(const int8_t *p) {
  // Quants are only 2-byte aligned after the half scale: two 16-bit loads.
  const uint16_t *p16 = (const uint16_t *)p;
  return (int)p16[0] | ((int)p16[1] << 16);
}

__global__ void dot_q8(const block_q8 *__restrict__ x,
                       const block_q8 *__restrict__ y, float *__restrict__ dst,
                       __half2 *acc, int nblocks_per_row) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;  // one warp per row
  float sumf = 0.0f;
  for (int ib = lane; ib < nblocks_per_row; ib += 32) {
    const block_q8 *bx = &x[row * nblocks_per_row + ib];
    const block_q8 *by = &y[ib];
    int sumi = 0;
#pragma unroll
    for (int k = 0; k < QK / 4; ++k) {
      sumi = __dp4a(load_int(bx->qs + 4 * k), load_int(by->qs + 4 * k), sumi);
    }
    sumf += __half2float(bx->d) * __half2float(by->d) * (float)sumi;
  }
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    sumf += __shfl_xor_sync(0xffffffff, sumf, mask, 32);
  }
  if (lane == 0) {
    dst[row] = sumf;
    // Two running totals: the value and its square, in half precision.
    atomicAdd(acc, __floats2half2_rn(sumf * 1e-3f, sumf * sumf * 1e-6f));
  }
}

// Unsigned 8-bit variant with the 2-way form for the low halves.
__global__ void dot_u8_dp2a(const unsigned int *a, const unsigned int *b,
                            unsigned int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned int s = __dp4a(a[i], b[i], 0u);
    s = __dp2a_lo(a[i], b[i], s);
    out[i] = s;
  }
}

// atomicMax on non-negative floats through their bits.
__device__ __forceinline__ void atomicMaxPos(float *addr, float v) {
  atomicMax((int *)addr, __float_as_int(v));
}

__global__ void row_stats(const float *dst, float *maxAbs, unsigned long long *nz,
                          int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float v = fabsf(dst[r]);
    atomicMaxPos(maxAbs, v);
    if (v != 0.0f) atomicAdd(nz, 1ull);
  }
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  const int rows = 4096, cols = 4096, nb = cols / QK;
  size_t xbytes = (size_t)rows * nb * sizeof(block_q8);
  block_q8 *hx = (block_q8 *)malloc(xbytes);
  block_q8 *hy = (block_q8 *)malloc(nb * sizeof(block_q8));
  for (int i = 0; i < rows * nb; ++i) {
    hx[i].d = __float2half(0.01f * (i % 7 + 1));
    for (int k = 0; k < QK; ++k) hx[i].qs[k] = (int8_t)((i + k) % 255 - 127);
  }
  for (int i = 0; i < nb; ++i) {
    hy[i].d = __float2half(0.02f);
    for (int k = 0; k < QK; ++k) hy[i].qs[k] = (int8_t)(k - 16);
  }
  block_q8 *dx, *dy;
  float *ddst, *dmax;
  __half2 *dacc;
  unsigned long long *dnz;
  checkCudaErrors(cudaMalloc(&dx, xbytes));
  checkCudaErrors(cudaMalloc(&dy, nb * sizeof(block_q8)));
  checkCudaErrors(cudaMalloc(&ddst, rows * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dacc, sizeof(__half2)));
  checkCudaErrors(cudaMalloc(&dmax, sizeof(float)));
  checkCudaErrors(cudaMalloc(&dnz, sizeof(unsigned long long)));
  checkCudaErrors(cudaMemcpy(dx, hx, xbytes, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(dy, hy, nb * sizeof(block_q8), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(dacc, 0, sizeof(__half2)));
  checkCudaErrors(cudaMemset(dmax, 0, sizeof(float)));
  checkCudaErrors(cudaMemset(dnz, 0, sizeof(unsigned long long)));

  dot_q8<<<rows, 32>>>(dx, dy, ddst, dacc, nb);
  getLastCudaError("dot_q8 failed");
  row_stats<<<(rows + 255) / 256, 256>>>(ddst, dmax, dnz, rows);
  getLastCudaError("row_stats failed");

  float maxAbs;
  unsigned long long nz;
  __half2 acc;
  checkCudaErrors(cudaMemcpy(&maxAbs, dmax, sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(&nz, dnz, sizeof(nz), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(&acc, dacc, sizeof(acc), cudaMemcpyDeviceToHost));
  printf("max |dot| = %f, %llu non-zero rows, sum ~ %f\n", maxAbs, nz,
         __low2float(acc) * 1e3f);

  unsigned int *da, *db, *dout;
  checkCudaErrors(cudaMalloc(&da, 1024 * sizeof(unsigned int)));
  checkCudaErrors(cudaMalloc(&db, 1024 * sizeof(unsigned int)));
  checkCudaErrors(cudaMalloc(&dout, 1024 * sizeof(unsigned int)));
  checkCudaErrors(cudaMemset(da, 0x01, 1024 * sizeof(unsigned int)));
  checkCudaErrors(cudaMemset(db, 0x02, 1024 * sizeof(unsigned int)));
  dot_u8_dp2a<<<4, 256>>>(da, db, dout, 1024);
  unsigned int first;
  checkCudaErrors(cudaMemcpy(&first, dout, sizeof(first), cudaMemcpyDeviceToHost));
  printf("u8 dp4a+dp2a: %u (expected 12)\n", first);

  checkCudaErrors(cudaFree(dx));
  checkCudaErrors(cudaFree(dy));
  checkCudaErrors(cudaFree(ddst));
  checkCudaErrors(cudaFree(dacc));
  checkCudaErrors(cudaFree(dmax));
  checkCudaErrors(cudaFree(dnz));
  checkCudaErrors(cudaFree(da));
  checkCudaErrors(cudaFree(db));
  checkCudaErrors(cudaFree(dout));
  free(hx);
  free(hy);
  return first == 12 ? EXIT_SUCCESS : EXIT_FAILURE;
}
