// siboehm/SGEMM_CUDA style: CEIL_DIV launch arithmetic, a block-tiled kernel
// templated on its tile sizes with float4 (vectorised) global loads into a
// transposed shared tile, cudaFuncSetAttribute with the shared-memory
// carveout, and a runner selecting the kernel by number.
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <cuda_runtime.h>

#define CEIL_DIV(M, N) (((M) + (N)-1) / (N))
#define cudaCheck(err) (cudaCheckImpl(err, __FILE__, __LINE__))

void cudaCheckImpl(cudaError_t error, const char *file, int line) {
  if (error != cudaSuccess) {
    printf("[CUDA ERROR] at file %s:%d:\n%s\n", file, line, cudaGetErrorString(error));
    exit(EXIT_FAILURE);
  }
}

template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void __launch_bounds__((BM * BN) / (TM * TN), 1)
    sgemmVectorize(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  const unsigned int cRow = blockIdx.y;
  const unsigned int cCol = blockIdx.x;
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const unsigned int innerRowA = threadIdx.x / (BK / 4);
  const unsigned int innerColA = threadIdx.x % (BK / 4);
  const unsigned int innerRowB = threadIdx.x / (BN / 4);
  const unsigned int innerColB = threadIdx.x % (BN / 4);
  float threadResults[TM * TN] = {0.0};
  float regM[TM] = {0.0};
  float regN[TN] = {0.0};
  for (unsigned int bkIdx = 0; bkIdx < K; bkIdx += BK) {
    float4 tmp = reinterpret_cast<float4 *>(&A[innerRowA * K + innerColA * 4])[0];
    As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
    As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
    As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
    As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;
    reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0] =
        reinterpret_cast<float4 *>(&B[innerRowB * N + innerColB * 4])[0];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (unsigned int dotIdx = 0; dotIdx < BK; ++dotIdx) {
      for (unsigned int i = 0; i < TM; ++i) regM[i] = As[dotIdx * BM + threadRow * TM + i];
      for (unsigned int i = 0; i < TN; ++i) regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      for (unsigned int resIdxM = 0; resIdxM < TM; ++resIdxM)
        for (unsigned int resIdxN = 0; resIdxN < TN; ++resIdxN)
          threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
    }
    __syncthreads();
  }
  for (unsigned int resIdxM = 0; resIdxM < TM; resIdxM += 1) {
    for (unsigned int resIdxN = 0; resIdxN < TN; resIdxN += 4) {
      float4 tmp = reinterpret_cast<float4 *>(&C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN])[0];
      tmp.x = alpha * threadResults[resIdxM * TN + resIdxN] + beta * tmp.x;
      tmp.y = alpha * threadResults[resIdxM * TN + resIdxN + 1] + beta * tmp.y;
      tmp.z = alpha * threadResults[resIdxM * TN + resIdxN + 2] + beta * tmp.z;
      tmp.w = alpha * threadResults[resIdxM * TN + resIdxN + 3] + beta * tmp.w;
      reinterpret_cast<float4 *>(&C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN])[0] = tmp;
    }
  }
}

void runSgemmVectorize(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  const uint BK = 8, TM = 8, TN = 8;
  const uint BM = 128, BN = 128;
  dim3 gridDim(CEIL_DIV(N, BN), CEIL_DIV(M, BM));
  dim3 blockDim((BM * BN) / (TM * TN));
  cudaFuncSetAttribute(sgemmVectorize<BM, BN, BK, TM, TN>, cudaFuncAttributePreferredSharedMemoryCarveout,
                       cudaSharedmemCarveoutMaxShared);
  sgemmVectorize<BM, BN, BK, TM, TN><<<gridDim, blockDim>>>(M, N, K, alpha, A, B, beta, C);
}

void run_kernel(int kernel_num, int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  switch (kernel_num) {
  case 6:
    runSgemmVectorize(M, N, K, alpha, A, B, beta, C);
    break;
  default:
    throw std::invalid_argument("Unknown kernel number");
  }
}

int main(int argc, char **argv) {
  int kernel_num = argc > 1 ? atoi(argv[1]) : 6;
  cudaDeviceProp props;
  cudaCheck(cudaGetDeviceProperties(&props, 0));
  printf("Device: %s, compute capability %d.%d, smem/block %zu KB\n", props.name, props.major,
         props.minor, props.sharedMemPerBlock / 1024);
  const int m = 1024, n = 1024, k = 1024;
  float *dA, *dB, *dC;
  cudaCheck(cudaMalloc((void **)&dA, sizeof(float) * m * k));
  cudaCheck(cudaMalloc((void **)&dB, sizeof(float) * k * n));
  cudaCheck(cudaMalloc((void **)&dC, sizeof(float) * m * n));
  cudaEvent_t beg, end;
  cudaEventCreate(&beg);
  cudaEventCreate(&end);
  cudaEventRecord(beg);
  run_kernel(kernel_num, m, n, k, 1.0f, dA, dB, 0.0f, dC);
  cudaEventRecord(end);
  cudaEventSynchronize(beg);
  cudaEventSynchronize(end);
  float elapsed_time;
  cudaEventElapsedTime(&elapsed_time, beg, end);
  printf("Average elapsed time: (%7.6f) ms, performance: (%7.1f) GFLOPS\n", elapsed_time,
         (2.0 * m * n * k * 1e-9) / (elapsed_time / 1000.0));
  cudaCheck(cudaFree(dA));
  cudaCheck(cudaFree(dB));
  cudaCheck(cudaFree(dC));
  return 0;
}
