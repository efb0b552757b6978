// SGEMM with shared-memory tiles, a 4x4 register block per thread and float4
// vectorised global loads (in the style of the "How to optimize a CUDA matmul"
// blog posts and course repos).

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define gpuErrchk(ans) \
  { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line, bool abort = true) {
  if (code != cudaSuccess) {
    fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
    if (abort) exit(code);
  }
}

#define BM 64
#define BN 64
#define BK 8
#define TM 4
#define TN 4
#define FETCH_FLOAT4(p) (reinterpret_cast<float4 *>(&(p))[0])
#define FETCH_CONST_FLOAT4(p) (reinterpret_cast<const float4 *>(&(p))[0])

__global__ void __launch_bounds__((BM / TM) * (BN / TN))
    sgemm_vec4(int M, int N, int K, float alpha, const float *__restrict__ A,
               const float *__restrict__ B, float beta, float *__restrict__ C) {
  __shared__ float As[BK][BM];
  __shared__ float Bs[BK][BN];

  const int tx = threadIdx.x % (BN / TN);
  const int ty = threadIdx.x / (BN / TN);
  const int tid = threadIdx.x;

  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;

  // each thread loads one float4 of A (transposed into As) and one of B
  const int aRow = tid / (BK / 4), aCol = (tid % (BK / 4)) * 4;
  const int bRow = tid / (BN / 4), bCol = (tid % (BN / 4)) * 4;

  float acc[TM][TN] = {0.0f};
  float regA[TM], regB[TN];

  for (int k0 = 0; k0 < K; k0 += BK) {
    if (aRow < BM) {
      float4 a4 = FETCH_CONST_FLOAT4(A[aRow * K + aCol]);
      As[aCol + 0][aRow] = a4.x;
      As[aCol + 1][aRow] = a4.y;
      As[aCol + 2][aRow] = a4.z;
      As[aCol + 3][aRow] = a4.w;
    }
    if (bRow < BK) FETCH_FLOAT4(Bs[bRow][bCol]) = FETCH_CONST_FLOAT4(B[bRow * N + bCol]);
    __syncthreads();
    A += BK;
    B += BK * N;

#pragma unroll
    for (int k = 0; k < BK; ++k) {
      FETCH_FLOAT4(regA[0]) = FETCH_FLOAT4(As[k][ty * TM]);
      FETCH_FLOAT4(regB[0]) = FETCH_FLOAT4(Bs[k][tx * TN]);
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(regA[i], regB[j], acc[i][j]);
    }
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < TM; ++i) {
    float4 c4 = FETCH_FLOAT4(C[(ty * TM + i) * N + tx * TN]);
    c4.x = alpha * acc[i][0] + beta * c4.x;
    c4.y = alpha * acc[i][1] + beta * c4.y;
    c4.z = alpha * acc[i][2] + beta * c4.z;
    c4.w = alpha * acc[i][3] + beta * c4.w;
    FETCH_FLOAT4(C[(ty * TM + i) * N + tx * TN]) = c4;
  }
}

static void sgemm_cpu(int M, int N, int K, const std::vector<float> &A,
                      const std::vector<float> &B, std::vector<float> &C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.f;
      for (int k = 0; k < K; ++k) s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

int main() {
  const int M = 512, N = 512, K = 512;
  std::vector<float> hA(M * K), hB(K * N), hC(M * N, 0.f), ref(M * N);
  for (auto &v : hA) v = rand() / (float)RAND_MAX;
  for (auto &v : hB) v = rand() / (float)RAND_MAX;

  float *dA, *dB, *dC;
  gpuErrchk(cudaMalloc(&dA, sizeof(float) * M * K));
  gpuErrchk(cudaMalloc(&dB, sizeof(float) * K * N));
  gpuErrchk(cudaMalloc(&dC, sizeof(float) * M * N));
  gpuErrchk(cudaMemcpy(dA, hA.data(), sizeof(float) * M * K, cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemcpy(dB, hB.data(), sizeof(float) * K * N, cudaMemcpyHostToDevice));
  gpuErrchk(cudaMemset(dC, 0, sizeof(float) * M * N));

  gpuErrchk(cudaFuncSetAttribute(sgemm_vec4, cudaFuncAttributePreferredSharedMemoryCarveout,
                                 cudaSharedmemCarveoutMaxShared));
  gpuErrchk(cudaFuncSetCacheConfig(sgemm_vec4, cudaFuncCachePreferShared));

  dim3 block((BM / TM) * (BN / TN));
  dim3 grid(N / BN, M / BM);
  cudaEvent_t start, stop;
  gpuErrchk(cudaEventCreate(&start));
  gpuErrchk(cudaEventCreate(&stop));
  gpuErrchk(cudaEventRecord(start));
  const int reps = 10;
  for (int r = 0; r < reps; ++r)
    sgemm_vec4<<<grid, block>>>(M, N, K, 1.0f, dA, dB, 0.0f, dC);
  gpuErrchk(cudaPeekAtLastError());
  gpuErrchk(cudaEventRecord(stop));
  gpuErrchk(cudaEventSynchronize(stop));
  float ms = 0.f;
  gpuErrchk(cudaEventElapsedTime(&ms, start, stop));
  printf("sgemm_vec4: %.3f ms, %.1f GFLOP/s\n", ms / reps,
         2.0 * M * N * K * reps / (ms * 1e6));

  gpuErrchk(cudaMemcpy(hC.data(), dC, sizeof(float) * M * N, cudaMemcpyDeviceToHost));
  sgemm_cpu(M, N, K, hA, hB, ref);
  double maxErr = 0;
  for (int i = 0; i < M * N; ++i) maxErr = fmax(maxErr, fabs(hC[i] - ref[i]));
  printf("max error %g: %s\n", maxErr, maxErr < 1e-2 ? "PASSED" : "FAILED");

  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  return 0;
}
